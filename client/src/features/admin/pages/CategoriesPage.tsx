import { CATEGORY_SLUG_PATTERN } from '@contracts/categories';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import {
  useAdminCategoriesQuery,
  useDeleteCategoryMutation,
  useSaveCategoryMutation,
} from '../api';
import RecordManager from '../components/RecordManager';
import { fieldProblems, isSortOrder, sortOrder, str } from '../components/recordValues';
import { COMMON } from '../i18n/common';
import { CONTENT } from '../i18n/content';
import { ZH_FORM } from '../i18n/zh';
import { adminPaths } from '../paths';

const { categories: CATEGORIES, fields: FIELDS } = CONTENT;

/** 分类管理: the home page's chips. An API's categories are picked in its editor. */
export default function CategoriesPage() {
  usePageTitle(CATEGORIES.title);
  const { data, error, isLoading } = useAdminCategoriesQuery();
  const [save] = useSaveCategoryMutation();
  const [remove] = useDeleteCategoryMutation();

  return (
    <>
      <Link to={adminPaths.control} className="d-inline-block mb-2">
        {CATEGORIES.back}
      </Link>
      <RecordManager
        title={CATEGORIES.title}
        noun={CATEGORIES.noun}
        rows={data?.data}
        loading={isLoading}
        loadError={error}
        columns={[
          { label: COMMON.name, render: (c) => c.name },
          { label: CATEGORIES.nameEn, render: (c) => c.name_en },
          { label: CATEGORIES.slug, render: (c) => <code>{c.slug}</code> },
          { label: COMMON.sortOrder, render: (c) => c.sort_order },
          { label: CATEGORIES.apiCount, render: (c) => c.api_count },
        ]}
        fields={[
          { key: 'name', label: COMMON.name },
          { key: 'name_en', label: CATEGORIES.nameEnField },
          { key: 'slug', label: CATEGORIES.slugField, placeholder: 'date-time' },
          { key: 'sort_order', label: FIELDS.sortOrder, kind: 'number' },
        ]}
        blank={{ name: '', name_en: '', slug: '', sort_order: 0 }}
        fieldTexts={{
          name: CATEGORIES.nameRefused,
          name_en: CATEGORIES.nameEnRefused,
          slug: ZH_FORM.categorySlug,
        }}
        validate={(v) => {
          const slug = str(v.slug);
          return fieldProblems([
            [!str(v.name), 'name', ZH_FORM.categoryRequired],
            [!str(v.name_en), 'name_en', ZH_FORM.categoryRequired],
            [slug.length > 50 || !CATEGORY_SLUG_PATTERN.test(slug), 'slug', ZH_FORM.categorySlug],
            [!isSortOrder(v.sort_order), 'sort_order', ZH_FORM.sortOrder],
          ]);
        }}
        save={(v) =>
          save({
            ...(v.id ? { id: Number(v.id) } : {}),
            name: str(v.name),
            name_en: str(v.name_en),
            slug: str(v.slug),
            sort_order: sortOrder(v.sort_order),
          })
        }
        remove={(id) => remove(id)}
      />
    </>
  );
}
