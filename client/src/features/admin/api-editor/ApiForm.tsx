import { FormEvent, useEffect, useRef, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { SAVE_API_FIELDS } from '@contracts/apis';
import { useCreateApiMutation, useUpdateApiMutation } from '../api';
import ErrorSummary from '../components/ErrorSummary';
import { useConfirm } from '../components/useConfirm';
import { useRefusals } from '../components/useRefusals';
import { adminErrorText } from '../errors';
import { adminPaths } from '../paths';
import BasicInfoSection from './BasicInfoSection';
import CategoriesSection from './CategoriesSection';
import ExamplesSection from './ExamplesSection';
import { apiFieldId, refusedApiField } from './fields';
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
  // A refusal of fields is shown at them (the summary only links there); any other, as a banner.
  const { errors, banner: error, formRef, refuse, clear, settle } = useRefusals<keyof Values>();
  const busy = creating.isLoading || updating.isLoading;
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const saved = useRef(false);
  const { confirm, dialog } = useConfirm();

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
      // A link within the page (the error summary's) does not leave it.
      if (link.getAttribute('href')?.startsWith('#')) return;
      // Held until the admin answers the back office's own question, then followed in the app.
      event.preventDefault();
      event.stopPropagation();
      const to = link.getAttribute('href') ?? adminPaths.control;
      void confirm(LEAVE_UNSAVED, '离开').then((leave) => {
        if (leave) void navigate(to);
      });
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', askBeforeLink, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', askBeforeLink, true);
    };
  }, [dirty, confirm, navigate]);

  const summary = SAVE_API_FIELDS.filter((field) => errors[field] !== undefined).map((field) => ({
    id: apiFieldId(field),
    text: errors[field] ?? '',
  }));

  const set: SectionProps['set'] = (key, value) => {
    setForm((current) => ({ ...current, [key]: value }));
    settle(key);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = apiFieldErrors(form);
    if (Object.keys(problems).length > 0) return refuse(problems);
    clear();
    const body = toApiBody(form, id);
    const result = id === undefined ? await create(body) : await update(body);
    if ('error' in result) {
      const refused = refusedApiField(result.error);
      if (refused) return refuse({ [refused[0]]: refused[1] });
      const failed = id === undefined ? '添加失败' : '更新失败';
      return refuse({}, adminErrorText(result.error, { failed }));
    }
    saved.current = true;
    void navigate(adminPaths.control, { state: { saved: true } });
  };

  const onCancel = async () => {
    if (dirty && !(await confirm(LEAVE_UNSAVED, '离开'))) return;
    void navigate(adminPaths.control);
  };

  return (
    <>
      <Form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)}>
        {summary.length > 0 && <ErrorSummary items={summary} />}
        {error && (
          <Alert variant="danger" role="alert" tabIndex={-1}>
            {error}
          </Alert>
        )}
        <BasicInfoSection
          form={form}
          set={set}
          errors={errors}
          onNameEn={(value) => {
            setForm((current) => withNameEn(current, value, id === undefined));
            settle('name_en');
          }}
        />
        <CategoriesSection form={form} set={set} errors={errors} />
        <ListFieldsSection form={form} set={set} errors={errors} />
        <ExamplesSection form={form} set={set} errors={errors} />
        <ServingSection form={form} set={set} errors={errors} />
        <div className="admin-save-bar d-flex flex-wrap align-items-center gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? '保存中...' : '保存'}
          </Button>
          <Button variant="secondary" onClick={() => void onCancel()}>
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
      {dialog}
    </>
  );
}
