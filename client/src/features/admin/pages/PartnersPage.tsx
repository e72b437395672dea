import { PARTNER_RULES } from '@contracts/content';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAdminPartnersQuery, useDeletePartnerMutation, useSavePartnerMutation } from '../api';
import RecordManager from '../components/RecordManager';
import WithEnglish from '../components/WithEnglish';
import { fieldProblems, isSortOrder, sortOrder, str } from '../components/recordValues';
import { ZH_FORM } from '../i18n/zh';

export default function PartnersPage() {
  usePageTitle('合作伙伴');
  const { data, error, isLoading } = useAdminPartnersQuery();
  const [save] = useSavePartnerMutation();
  const [remove] = useDeletePartnerMutation();

  return (
    <RecordManager
      title="合作伙伴"
      noun="合作伙伴"
      rows={data?.data}
      loading={isLoading}
      loadError={error}
      columns={[
        {
          label: 'Logo',
          render: (p) => (p.logo_url ? <img src={p.logo_url} alt={p.name} height={28} /> : '无'),
        },
        { label: '名称', render: (p) => <WithEnglish text={p.name} english={p.name_en} /> },
        {
          label: '网站',
          render: (p) =>
            p.website_url ? (
              <a href={p.website_url} target="_blank" rel="noopener noreferrer">
                {p.website_url}
              </a>
            ) : (
              '-'
            ),
        },
        {
          label: '描述',
          render: (p) => <WithEnglish text={p.description} english={p.description_en} />,
        },
        { label: '排序', render: (p) => p.sort_order },
      ]}
      fields={[
        { key: 'name', label: '名称' },
        { key: 'name_en', label: '英文名称（可选，英文页面显示）' },
        { key: 'logo_url', label: 'Logo 链接', placeholder: 'https:// 或 /站内路径' },
        { key: 'website_url', label: '网站链接', kind: 'url', placeholder: 'https://' },
        { key: 'description', label: '描述', kind: 'textarea' },
        { key: 'description_en', label: '英文描述（可选）', kind: 'textarea' },
        { key: 'sort_order', label: '排序（小的在前）', kind: 'number' },
        { key: 'status', label: '状态', kind: 'status' },
      ]}
      blank={{
        name: '',
        name_en: '',
        logo_url: '',
        website_url: '',
        description: '',
        description_en: '',
        sort_order: 0,
        status: 1,
      }}
      fieldTexts={{ name_en: '英文名称过长（最多 100 个字符）' }}
      validate={(v) => {
        const { url, logo } = PARTNER_RULES;
        return fieldProblems([
          [!str(v.name), 'name', ZH_FORM.partnerName],
          [!!str(v.logo_url) && !logo.test(str(v.logo_url)), 'logo_url', ZH_FORM.partnerLogoUrl],
          [
            !!str(v.website_url) && !url.test(str(v.website_url)),
            'website_url',
            ZH_FORM.partnerWebsiteUrl,
          ],
          [!isSortOrder(v.sort_order), 'sort_order', ZH_FORM.sortOrder],
        ]);
      }}
      save={(v) =>
        save({
          ...(v.id ? { id: Number(v.id) } : {}),
          name: str(v.name),
          name_en: str(v.name_en),
          logo_url: str(v.logo_url),
          website_url: str(v.website_url),
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
