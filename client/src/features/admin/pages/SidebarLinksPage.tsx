import { SIDEBAR_LINK_RULES, type LinkTarget } from '@contracts/content';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import {
  useAdminSidebarLinksQuery,
  useDeleteSidebarLinkMutation,
  useSaveSidebarLinkMutation,
} from '../api';
import RecordManager from '../components/RecordManager';
import WithEnglish from '../components/WithEnglish';
import { fieldProblems, isSortOrder, sortOrder, str } from '../components/recordValues';
import { COMMON } from '../i18n/common';
import { CONTENT } from '../i18n/content';
import { ZH_FORM } from '../i18n/zh';

const { sidebarLinks: LINKS, fields: FIELDS } = CONTENT;

/** 侧边栏链接: the links of the site's sidebar, on the shared record editor. */
export default function SidebarLinksPage() {
  usePageTitle(LINKS.pageTitle);
  const { data, error, isLoading } = useAdminSidebarLinksQuery();
  const [save] = useSaveSidebarLinkMutation();
  const [remove] = useDeleteSidebarLinkMutation();

  return (
    <RecordManager
      title={LINKS.title}
      noun={LINKS.noun}
      rows={data?.data}
      loading={isLoading}
      loadError={error}
      columns={[
        { label: FIELDS.title, render: (l) => <WithEnglish text={l.title} english={l.title_en} /> },
        { label: COMMON.link, render: (l) => <code>{l.url ?? '-'}</code> },
        {
          label: LINKS.target,
          render: (l) => (l.target === '_blank' ? LINKS.newTab : LINKS.sameTab),
        },
        { label: COMMON.description, render: (l) => l.description },
        { label: COMMON.sortOrder, render: (l) => l.sort_order },
      ]}
      fields={[
        { key: 'title', label: FIELDS.title },
        { key: 'title_en', label: FIELDS.titleEn },
        { key: 'url', label: COMMON.link, placeholder: LINKS.urlPlaceholder },
        {
          key: 'target',
          label: LINKS.target,
          kind: 'select',
          options: [
            { value: '_self', label: LINKS.sameTabOption },
            { value: '_blank', label: LINKS.newTabOption },
          ],
        },
        { key: 'description', label: COMMON.description, kind: 'textarea' },
        { key: 'description_en', label: FIELDS.descriptionEn, kind: 'textarea' },
        { key: 'sort_order', label: FIELDS.sortOrder, kind: 'number' },
        { key: 'status', label: COMMON.status, kind: 'status' },
      ]}
      blank={{
        title: '',
        title_en: '',
        url: '',
        target: '_self',
        description: '',
        description_en: '',
        sort_order: 0,
        status: 1,
      }}
      validate={(v) =>
        fieldProblems([
          [!str(v.title), 'title', ZH_FORM.sidebarRequired],
          [
            !SIDEBAR_LINK_RULES.url.test(str(v.url)),
            'url',
            str(v.url) ? ZH_FORM.sidebarUrl : ZH_FORM.sidebarRequired,
          ],
          [!isSortOrder(v.sort_order), 'sort_order', ZH_FORM.sortOrder],
        ])
      }
      save={(v) =>
        save({
          ...(v.id ? { id: Number(v.id) } : {}),
          title: str(v.title),
          title_en: str(v.title_en),
          url: str(v.url),
          target: str(v.target) as LinkTarget,
          description: str(v.description),
          description_en: str(v.description_en),
          sort_order: sortOrder(v.sort_order),
          status: Number(v.status),
        })
      }
      remove={(id) => remove(id)}
    />
  );
}
