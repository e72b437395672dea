import { Alert, Button, Form } from 'react-bootstrap';
import ErrorSummary from '../components/ErrorSummary';
import { APIS } from '../i18n/apis';
import { COMMON } from '../i18n/common';
import BasicInfoSection from './BasicInfoSection';
import CategoriesSection from './CategoriesSection';
import ExamplesSection from './ExamplesSection';
import ListFieldsSection from './ListFieldsSection';
import type { ApiForm as Values } from './model';
import ServingSection from './ServingSection';
import { useApiForm } from './useApiForm';

/** The create/edit form; without an id it creates. Saved, it returns to the API list. */
export default function ApiForm({ initial, id }: { initial: Values; id?: number }) {
  const editor = useApiForm(initial, id);
  const { summary, banner, busy } = editor;
  const sections = { form: editor.form, set: editor.set, errors: editor.errors };

  return (
    <>
      <Form ref={editor.formRef} noValidate onSubmit={(e) => void editor.submit(e)}>
        {summary.length > 0 && <ErrorSummary items={summary} />}
        {banner && (
          <Alert variant="danger" role="alert" tabIndex={-1}>
            {banner}
          </Alert>
        )}
        <BasicInfoSection {...sections} onNameEn={editor.setNameEn} />
        <CategoriesSection {...sections} />
        <ListFieldsSection {...sections} />
        <ExamplesSection {...sections} />
        <ServingSection {...sections} />
        <div className="admin-save-bar d-flex flex-wrap align-items-center gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? COMMON.saving : COMMON.save}
          </Button>
          <Button variant="secondary" onClick={() => void editor.cancel()}>
            {COMMON.cancel}
          </Button>
          {id !== undefined && (
            <a
              className="btn btn-outline-secondary"
              href={`/api/${id}/${initial.name_en}`}
              target="_blank"
              rel="noreferrer"
            >
              {APIS.editor.publicPage}
            </a>
          )}
          {editor.dirty && <span className="text-muted small ms-auto">{APIS.editor.unsaved}</span>}
        </div>
      </Form>
      {editor.dialog}
    </>
  );
}
