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
import { ZH_FORM } from '../i18n/zh';

export default function SidebarLinksPage() {
  usePageTitle('侧边栏');
  const { data, error, isLoading } = useAdminSidebarLinksQuery();
  const [save] = useSaveSidebarLinkMutation();
  const [remove] = useDeleteSidebarLinkMutation();

  return (
    <RecordManager
      title="侧边栏链接"
      noun="链接"
      rows={data?.data}
      loading={isLoading}
      loadError={error}
      columns={[
        { label: '标题', render: (l) => <WithEnglish text={l.title} english={l.title_en} /> },
        { label: '链接', render: (l) => <code>{l.url ?? '-'}</code> },
        { label: '打开方式', render: (l) => (l.target === '_blank' ? '新标签页' : '当前页') },
        { label: '描述', render: (l) => l.description },
        { label: '排序', render: (l) => l.sort_order },
      ]}
      fields={[
        { key: 'title', label: '标题' },
        { key: 'title_en', label: '英文标题（可选，英文页面显示）' },
        { key: 'url', label: '链接', placeholder: '/站内路径 或 https://' },
        {
          key: 'target',
          label: '打开方式',
          kind: 'select',
          options: [
            { value: '_self', label: '当前页 (_self)' },
            { value: '_blank', label: '新标签页 (_blank)' },
          ],
        },
        { key: 'description', label: '描述', kind: 'textarea' },
        { key: 'description_en', label: '英文描述（可选）', kind: 'textarea' },
        { key: 'sort_order', label: '排序（小的在前）', kind: 'number' },
        { key: 'status', label: '状态', kind: 'status' },
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
