import { usePageTitle } from '../../../components/ui/usePageTitle';
import {
  useAdminFriendLinksQuery,
  useDeleteFriendLinkMutation,
  useSaveFriendLinkMutation,
} from '../api';
import RecordManager from '../components/RecordManager';
import { CONTENT } from '../i18n/content';
import {
  FRIEND_LINK_BLANK,
  FRIEND_LINK_COLUMNS,
  FRIEND_LINK_FIELD_TEXTS,
  FRIEND_LINK_FORM,
  FRIEND_LINK_TIMES,
  friendLinkBody,
  friendLinkProblems,
} from './content/friendLinks';

const FRIENDS = CONTENT.friendLinks;

/** 友链管理: links to friendly sites, on the shared record editor; its form says a save in place. */
export default function FriendLinksPage() {
  usePageTitle(FRIENDS.title);
  const { data, error, isLoading } = useAdminFriendLinksQuery();
  const [save] = useSaveFriendLinkMutation();
  const [remove] = useDeleteFriendLinkMutation();

  return (
    <RecordManager
      title={FRIENDS.title}
      noun={FRIENDS.noun}
      rows={data?.data}
      loading={isLoading}
      loadError={error}
      columns={FRIEND_LINK_COLUMNS}
      trailing={FRIEND_LINK_TIMES}
      idPrefix="friend"
      fields={FRIEND_LINK_FORM}
      blank={FRIEND_LINK_BLANK}
      fieldTexts={FRIEND_LINK_FIELD_TEXTS}
      texts={{
        empty: FRIENDS.empty,
        load: { failed: CONTENT.records.loadFailed(FRIENDS.noun), network: FRIENDS.loadNetwork },
        save: () => ({ failed: FRIENDS.saveFailed, network: FRIENDS.saveNetwork }),
        saved: () => FRIENDS.saved,
        remove: { failed: FRIENDS.deleteFailed, network: FRIENDS.deleteNetwork },
        removed: FRIENDS.deleted,
      }}
      buttonsOnly
      savedInForm
      dismissible
      validate={friendLinkProblems}
      save={(v) => save(friendLinkBody(v))}
      remove={(id) => remove(id)}
    />
  );
}
