import { Card, Form } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { useAdminCategoriesQuery } from '../api';
import { APIS } from '../i18n/apis';
import { COMMON } from '../i18n/common';
import { adminPaths } from '../paths';
import { apiErrorId, apiFieldId, invalidProps } from './fields';
import type { SectionProps } from './model';

const { categories } = APIS.editor;

/** The API's categories: the home page's chips it appears under. */
export default function CategoriesSection({ form, set, errors = {} }: SectionProps) {
  const { data, error } = useAdminCategoriesQuery();
  const list = data?.data ?? [];
  const toggle = (id: number, on: boolean) =>
    set(
      'category_ids',
      on ? [...form.category_ids, id] : form.category_ids.filter((current) => current !== id),
    );
  return (
    <Card className="mb-4">
      <Card.Header className="d-flex justify-content-between align-items-center gap-2">
        <span id="api-categories-label">{categories.title}</span>
        <Link to={adminPaths.categories} className="small">
          {categories.manage}
        </Link>
      </Card.Header>
      <Card.Body
        role="group"
        id={apiFieldId('category_ids')}
        aria-labelledby="api-categories-label"
      >
        {error ? (
          <p className="text-danger mb-0">{categories.loadFailed}</p>
        ) : list.length === 0 ? (
          <p className="text-muted mb-0">{data ? categories.empty : COMMON.loading}</p>
        ) : (
          list.map((category) => (
            <Form.Check
              key={category.id}
              inline
              type="checkbox"
              id={`api-category-${category.id}`}
              label={categories.label(category.name, category.name_en)}
              {...invalidProps('category_ids', errors.category_ids)}
              checked={form.category_ids.includes(category.id)}
              onChange={(event) => toggle(category.id, event.target.checked)}
            />
          ))
        )}
        {errors.category_ids !== undefined && (
          <div className="invalid-feedback d-block" id={apiErrorId('category_ids')}>
            {errors.category_ids}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
