import { PARTNER_RULES } from '@contracts/content';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAdminPartnersQuery, useDeletePartnerMutation, useSavePartnerMutation } from '../api';
import RecordManager from '../components/RecordManager';
import WithEnglish from '../components/WithEnglish';
import { fieldProblems, isSortOrder, sortOrder, str } from '../components/recordValues';
import { COMMON } from '../i18n/common';
import { CONTENT } from '../i18n/content';
import { ZH_FORM } from '../i18n/zh';

const { partners: PARTNERS, fields: FIELDS } = CONTENT;

/** 合作伙伴: the partners the site lists in order, on the shared record editor. */
export default function PartnersPage() {
  usePageTitle(PARTNERS.title);
  const { data, error, isLoading } = useAdminPartnersQuery();
  const [save] = useSavePartnerMutation();
  const [remove] = useDeletePartnerMutation();

  return (
    <RecordManager
      title={PARTNERS.title}
      noun={PARTNERS.noun}
      rows={data?.data}
      loading={isLoading}
      loadError={error}
      columns={[
        {
          label: 'Logo',
          render: (p) =>
            p.logo_url ? <img src={p.logo_url} alt={p.name} height={28} /> : COMMON.none,
        },
        { label: COMMON.name, render: (p) => <WithEnglish text={p.name} english={p.name_en} /> },
        {
          label: PARTNERS.website,
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
          label: COMMON.description,
          render: (p) => <WithEnglish text={p.description} english={p.description_en} />,
        },
        { label: COMMON.sortOrder, render: (p) => p.sort_order },
      ]}
      fields={[
        { key: 'name', label: COMMON.name },
        { key: 'name_en', label: PARTNERS.nameEn },
        { key: 'logo_url', label: PARTNERS.logoUrl, placeholder: FIELDS.sitePathOrUrl },
        { key: 'website_url', label: PARTNERS.websiteUrl, kind: 'url', placeholder: 'https://' },
        { key: 'description', label: COMMON.description, kind: 'textarea' },
        { key: 'description_en', label: FIELDS.descriptionEn, kind: 'textarea' },
        { key: 'sort_order', label: FIELDS.sortOrder, kind: 'number' },
        { key: 'status', label: COMMON.status, kind: 'status' },
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
      fieldTexts={{ name_en: PARTNERS.nameEnTooLong }}
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
