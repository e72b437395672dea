import { FRIEND_LINK_RULES, type FriendLink, type SaveFriendLinkBody } from '@contracts/content';
import type { ColumnDef, Field, Values } from '../../components/record-manager/types';
import WithEnglish from '../../components/WithEnglish';
import { fieldProblems, str } from '../../components/recordValues';
import { formatTime } from '../../errors';
import { COMMON } from '../../i18n/common';
import { CONTENT } from '../../i18n/content';

const FRIENDS = CONTENT.friendLinks;
const { url, avatar, required, badUrl } = FRIEND_LINK_RULES;

/**
 * What sets friend links apart in the record editor: their columns, fields, checks and body.
 * First the table's columns before 状态.
 */
export const FRIEND_LINK_COLUMNS: ColumnDef<FriendLink>[] = [
  { label: COMMON.name, render: (l) => l.name },
  {
    label: FRIENDS.avatar,
    render: (l) =>
      l.avatar_url ? (
        <img src={l.avatar_url} alt={l.name} width={32} height={32} className="rounded" />
      ) : (
        COMMON.none
      ),
  },
  {
    label: COMMON.link,
    render: (l) => (
      <a href={l.link_url} target="_blank" rel="noopener noreferrer">
        {l.link_url}
      </a>
    ),
  },
  {
    label: COMMON.description,
    render: (l) => <WithEnglish text={l.description} english={l.description_en} />,
  },
  { label: COMMON.sortOrder, render: (l) => l.sort_order },
];

/** After 状态. */
export const FRIEND_LINK_TIMES: ColumnDef<FriendLink>[] = [
  { label: COMMON.createdAt, render: (l) => formatTime(l.created_at) },
  { label: COMMON.updatedAt, render: (l) => formatTime(l.updated_at) },
];

/** The controls keep the ids (`friend-…`) they had in the friend links' own modal. */
export const FRIEND_LINK_FORM: Field[] = [
  { key: 'name', label: COMMON.name },
  { key: 'link_url', id: 'link', label: COMMON.link, kind: 'url', placeholder: 'https://' },
  {
    key: 'avatar_url',
    id: 'avatar',
    label: FRIENDS.avatarUrl,
    placeholder: FRIENDS.avatarPlaceholder,
  },
  { key: 'description', label: COMMON.description, kind: 'textarea' },
  { key: 'description_en', id: 'description-en', label: FRIENDS.descriptionEn, kind: 'textarea' },
  { key: 'sort_order', id: 'sort', label: COMMON.sortOrder, kind: 'number', inline: true },
  { key: 'status', label: COMMON.status, kind: 'status', inline: true },
];

export const FRIEND_LINK_BLANK: Values = {
  name: '',
  link_url: '',
  avatar_url: '',
  description: '',
  description_en: '',
  sort_order: 0,
  status: 1,
};

/** The server's refusals of a field, in SPEC.md §5's words where it has them. */
export const FRIEND_LINK_FIELD_TEXTS = {
  name: required,
  link_url: badUrl,
  avatar_url: badUrl,
  sort_order: FRIENDS.sortOrderInvalid,
};

/** The form's own checks before saving (SPEC.md §5's texts). */
export const friendLinkProblems = (v: Values) =>
  fieldProblems([
    [!str(v.name), 'name', required],
    [!str(v.link_url), 'link_url', required],
    [!!str(v.link_url) && !url.test(str(v.link_url)), 'link_url', badUrl],
    [!!str(v.avatar_url) && !avatar.test(str(v.avatar_url)), 'avatar_url', badUrl],
    [!/^-?\d+$/.test(str(v.sort_order)), 'sort_order', FRIENDS.sortOrderInvalid],
  ]);

/** The values as the add or update call takes them, trimmed. */
export const friendLinkBody = (v: Values): SaveFriendLinkBody => ({
  ...(v.id ? { id: Number(v.id) } : {}),
  name: str(v.name),
  link_url: str(v.link_url),
  avatar_url: str(v.avatar_url),
  description: str(v.description),
  description_en: str(v.description_en),
  sort_order: Number(str(v.sort_order)),
  status: Number(v.status),
});
