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
import { ZH_FORM } from '../i18n/zh';
import { adminPaths } from '../paths';

/** 分类管理: the home page's chips. An API's categories are picked in its editor. */
export default function CategoriesPage() {
  usePageTitle('分类管理');
  const { data, error, isLoading } = useAdminCategoriesQuery();
  const [save] = useSaveCategoryMutation();
  const [remove] = useDeleteCategoryMutation();

  return (
    <>
      <Link to={adminPaths.control} className="d-inline-block mb-2">
        ← 返回 API管理
      </Link>
      <RecordManager
        title="分类管理"
        noun="分类"
        rows={data?.data}
        loading={isLoading}
        loadError={error}
        columns={[
          { label: '名称', render: (c) => c.name },
          { label: '英文名称', render: (c) => c.name_en },
          { label: '标识', render: (c) => <code>{c.slug}</code> },
          { label: '排序', render: (c) => c.sort_order },
          { label: 'API 数', render: (c) => c.api_count },
        ]}
        fields={[
          { key: 'name', label: '名称' },
          { key: 'name_en', label: '英文名称（英文站点显示）' },
          { key: 'slug', label: '标识（网址中使用，如 date-time）', placeholder: 'date-time' },
          { key: 'sort_order', label: '排序（小的在前）', kind: 'number' },
        ]}
        blank={{ name: '', name_en: '', slug: '', sort_order: 0 }}
        fieldTexts={{
          name: '分类名称不能为空，最多 50 个字符',
          name_en: '英文名称不能为空，最多 50 个字符',
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
