import { AD_RULES } from '@contracts/content';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAdminAdsQuery, useDeleteAdMutation, useSaveAdMutation } from '../api';
import RecordManager from '../components/RecordManager';
import WithEnglish from '../components/WithEnglish';
import { fieldProblems, isSortOrder, sortOrder, str } from '../components/recordValues';
import { ZH_FORM } from '../i18n/zh';

export default function AdsPage() {
  usePageTitle('广告管理');
  const { data, error, isLoading } = useAdminAdsQuery();
  const [save] = useSaveAdMutation();
  const [remove] = useDeleteAdMutation();

  return (
    <RecordManager
      title="广告管理"
      noun="广告"
      rows={data?.data}
      loading={isLoading}
      loadError={error}
      columns={[
        { label: '图片', render: (a) => <img src={a.image_url} alt={a.title} height={36} /> },
        { label: '标题', render: (a) => <WithEnglish text={a.title} english={a.title_en} /> },
        {
          label: '链接',
          render: (a) => (
            <a href={a.link_url} target="_blank" rel="noopener noreferrer">
              {a.link_url}
            </a>
          ),
        },
        {
          label: '描述',
          render: (a) => <WithEnglish text={a.description} english={a.description_en} />,
        },
        { label: '排序', render: (a) => a.sort_order },
      ]}
      fields={[
        { key: 'title', label: '标题' },
        { key: 'title_en', label: '英文标题（可选，英文页面显示）' },
        { key: 'image_url', label: '图片链接', placeholder: 'https:// 或 /站内路径' },
        { key: 'link_url', label: '跳转链接', placeholder: 'https:// 或 /站内路径' },
        { key: 'description', label: '描述', kind: 'textarea' },
        { key: 'description_en', label: '英文描述（可选）', kind: 'textarea' },
        { key: 'sort_order', label: '排序（小的在前）', kind: 'number' },
        { key: 'status', label: '状态', kind: 'status' },
      ]}
      blank={{
        title: '',
        title_en: '',
        image_url: '',
        link_url: '',
        description: '',
        description_en: '',
        sort_order: 0,
        status: 1,
      }}
      validate={(v) =>
        fieldProblems([
          [!str(v.title), 'title', ZH_FORM.adRequired],
          [
            !AD_RULES.url.test(str(v.image_url)),
            'image_url',
            str(v.image_url) ? ZH_FORM.adImageUrl : ZH_FORM.adRequired,
          ],
          [
            !AD_RULES.url.test(str(v.link_url)),
            'link_url',
            str(v.link_url) ? ZH_FORM.adLinkUrl : ZH_FORM.adRequired,
          ],
          [!isSortOrder(v.sort_order), 'sort_order', ZH_FORM.sortOrder],
        ])
      }
      save={(v) =>
        save({
          ...(v.id ? { id: Number(v.id) } : {}),
          title: str(v.title),
          title_en: str(v.title_en),
          image_url: str(v.image_url),
          link_url: str(v.link_url),
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
