import { skipToken } from '@reduxjs/toolkit/query';
import { Alert } from 'react-bootstrap';
import { useParams } from 'react-router-dom';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAdminApiQuery } from '../api';
import ApiForm from '../api-editor/ApiForm';
import ProbeCard from '../api-editor/ProbeCard';
import { apiFormFrom, EMPTY_API_FORM } from '../api-editor/model';
import { adminErrorText } from '../errors';
import { APIS } from '../i18n/apis';
import { COMMON } from '../i18n/common';
import { parseRouteId } from '../ids';

const { editor } = APIS;

/** Create (/admin/create) and edit (/admin/edit/:id) one API. */
export default function ApiEditorPage() {
  const raw = useParams().id;
  const editing = raw !== undefined;
  const id = parseRouteId(raw);
  usePageTitle(editing ? editor.edit : editor.create);
  const { data, error, isLoading } = useAdminApiQuery(editing && id !== null ? id : skipToken);

  let content;
  if (!editing) content = <ApiForm initial={EMPTY_API_FORM} />;
  else if (id === null) {
    content = (
      <Alert variant="danger" role="alert">
        {editor.invalidId}
      </Alert>
    );
  } else if (error) {
    content = (
      <Alert variant="danger" role="alert">
        {adminErrorText(error, { failed: editor.loadFailed })}
      </Alert>
    );
  } else if (isLoading || !data) content = <Loading label={COMMON.loading} />;
  else {
    content = (
      <>
        <ApiForm key={data.data.id} initial={apiFormFrom(data.data)} id={id} />
        <ProbeCard api={data.data} />
      </>
    );
  }

  return (
    <section>
      <h1 className="h3 mb-3">{editing ? editor.edit : editor.create}</h1>
      {content}
    </section>
  );
}
