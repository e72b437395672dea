import { FormEvent, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { useCreateApiMutation, useUpdateApiMutation } from '../api';
import { adminErrorText } from '../errors';
import { adminPaths } from '../paths';
import BasicInfoSection from './BasicInfoSection';
import ExamplesSection from './ExamplesSection';
import ListFieldsSection from './ListFieldsSection';
import {
  apiFormError,
  toApiBody,
  withNameEn,
  type ApiForm as Values,
  type SectionProps,
} from './model';
import ServingSection from './ServingSection';

/** The create/edit form; without an id it creates. Saved, it returns to the API list. */
export default function ApiForm({ initial, id }: { initial: Values; id?: number }) {
  const navigate = useNavigate();
  const [create, creating] = useCreateApiMutation();
  const [update, updating] = useUpdateApiMutation();
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const busy = creating.isLoading || updating.isLoading;

  const set: SectionProps['set'] = (key, value) =>
    setForm((current) => ({ ...current, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = apiFormError(form);
    setError(problem);
    if (problem) return;
    const body = toApiBody(form, id);
    const result = id === undefined ? await create(body) : await update(body);
    if ('error' in result) {
      setError(
        adminErrorText(result.error, {
          failed: id === undefined ? 'add failed' : 'update failed',
          network: 'request error',
        }),
      );
      return;
    }
    void navigate(adminPaths.control, { state: { saved: result.data.message } });
  };

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)}>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <BasicInfoSection
        form={form}
        set={set}
        onNameEn={(value) => setForm((current) => withNameEn(current, value, id === undefined))}
      />
      <ListFieldsSection form={form} set={set} />
      <ExamplesSection form={form} set={set} />
      <ServingSection form={form} set={set} />
      <div className="d-flex gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? '保存中...' : '保存'}
        </Button>
        <Button variant="secondary" onClick={() => void navigate(adminPaths.control)}>
          取消
        </Button>
      </div>
    </Form>
  );
}
