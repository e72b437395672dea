import { AD_RULES } from '@contracts/content';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAdminAdsQuery, useDeleteAdMutation, useSaveAdMutation } from '../api';
import RecordManager from '../components/RecordManager';
import WithEnglish from '../components/WithEnglish';
import { fieldProblems, isSortOrder, sortOrder, str } from '../components/recordValues';
import { COMMON } from '../i18n/common';
import { CONTENT } from '../i18n/content';
import { ZH_FORM } from '../i18n/zh';

const { ads: ADS, fields: FIELDS } = CONTENT;

/** 广告管理: the ads the site shows in order, on the shared record editor. */
export default function AdsPage() {
  usePageTitle(ADS.title);
  const { data, error, isLoading } = useAdminAdsQuery();
  const [save] = useSaveAdMutation();
  const [remove] = useDeleteAdMutation();

  return (
    <RecordManager
      title={ADS.title}
      noun={ADS.noun}
      rows={data?.data}
      loading={isLoading}
      loadError={error}
      columns={[
        { label: ADS.image, render: (a) => <img src={a.image_url} alt={a.title} height={36} /> },
        { label: FIELDS.title, render: (a) => <WithEnglish text={a.title} english={a.title_en} /> },
        {
          label: COMMON.link,
          render: (a) => (
            <a href={a.link_url} target="_blank" rel="noopener noreferrer">
              {a.link_url}
            </a>
          ),
        },
        {
          label: COMMON.description,
          render: (a) => <WithEnglish text={a.description} english={a.description_en} />,
        },
        { label: COMMON.sortOrder, render: (a) => a.sort_order },
      ]}
      fields={[
        { key: 'title', label: FIELDS.title },
        { key: 'title_en', label: FIELDS.titleEn },
        { key: 'image_url', label: ADS.imageUrl, placeholder: FIELDS.sitePathOrUrl },
        { key: 'link_url', label: ADS.linkUrl, placeholder: FIELDS.sitePathOrUrl },
        { key: 'description', label: COMMON.description, kind: 'textarea' },
        { key: 'description_en', label: FIELDS.descriptionEn, kind: 'textarea' },
        { key: 'sort_order', label: FIELDS.sortOrder, kind: 'number' },
        { key: 'status', label: COMMON.status, kind: 'status' },
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
