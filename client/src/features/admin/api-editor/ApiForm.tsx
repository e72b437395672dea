import { FormEvent, useEffect, useRef, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { useCreateApiMutation, useUpdateApiMutation } from '../api';
import { adminErrorText, errorField } from '../errors';
import { adminPaths } from '../paths';
import BasicInfoSection from './BasicInfoSection';
import CategoriesSection from './CategoriesSection';
import ExamplesSection from './ExamplesSection';
import ListFieldsSection from './ListFieldsSection';
import {
  apiFieldErrors,
  toApiBody,
  withNameEn,
  type ApiForm as Values,
  type SectionProps,
} from './model';
import ServingSection from './ServingSection';

const LEAVE_UNSAVED = '有未保存的修改，确定要离开吗？';

/** The create/edit form; without an id it creates. Saved, it returns to the API list. */
export default function ApiForm({ initial, id }: { initial: Values; id?: number }) {
  const navigate = useNavigate();
  const [create, creating] = useCreateApiMutation();
  const [update, updating] = useUpdateApiMutation();
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<SectionProps['errors']>({});
  // Bumped on every refused save, so the same refusal twice still scrolls.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = creating.isLoading || updating.isLoading;
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const saved = useRef(false);

  // Leaving with unsaved changes asks first: reloading or closing the tab, and following an in-app
  // link (the nav), which changes the route without unloading the page. The link check runs in
  // the capture phase, before the router's own click handler, which skips a prevented click.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!saved.current) event.preventDefault();
    };
    const askBeforeLink = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || link.getAttribute('target') === '_blank' || saved.current) return;
      if (!window.confirm(LEAVE_UNSAVED)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', askBeforeLink, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', askBeforeLink, true);
    };
  }, [dirty]);

  // The first problem is brought into view and focused: the first marked field, else the banner.
  useEffect(() => {
    if (refusals === 0) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('.is-invalid') ??
      form?.querySelector<HTMLElement>('[role="alert"]');
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [refusals]);

  const set: SectionProps['set'] = (key, value) =>
    setForm((current) => ({ ...current, [key]: value }));

  const refuse = (banner: string, fields: SectionProps['errors']) => {
    setError(banner);
    setErrors(fields);
    setRefusals((n) => n + 1);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = apiFieldErrors(form);
    const first = Object.values(problems)[0];
    if (first) return refuse(first, problems);
    setError(null);
    setErrors({});
    const body = toApiBody(form, id);
    const result = id === undefined ? await create(body) : await update(body);
    if ('error' in result) {
      const text = adminErrorText(result.error, {
        failed: id === undefined ? '添加失败' : '更新失败',
      });
      const field = errorField(result.error);
      return refuse(text, field && field in form ? { [field]: text } : {});
    }
    saved.current = true;
    void navigate(adminPaths.control, { state: { saved: true } });
  };

  const onCancel = () => {
    if (dirty && !window.confirm(LEAVE_UNSAVED)) return;
    void navigate(adminPaths.control);
  };

  return (
    <Form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)}>
      {error && (
        <Alert variant="danger" role="alert" tabIndex={-1}>
          {error}
        </Alert>
      )}
      <BasicInfoSection
        form={form}
        set={set}
        errors={errors}
        onNameEn={(value) => setForm((current) => withNameEn(current, value, id === undefined))}
      />
      <CategoriesSection form={form} set={set} />
      <ListFieldsSection form={form} set={set} />
      <ExamplesSection form={form} set={set} />
      <ServingSection form={form} set={set} errors={errors} />
      <div className="admin-save-bar d-flex flex-wrap align-items-center gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? '保存中...' : '保存'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          取消
        </Button>
        {id !== undefined && (
          <a
            className="btn btn-outline-secondary"
            href={`/api/${id}/${initial.name_en}`}
            target="_blank"
            rel="noreferrer"
          >
            查看公开页面
          </a>
        )}
        {dirty && <span className="text-muted small ms-auto">有未保存的修改</span>}
      </div>
    </Form>
  );
}
