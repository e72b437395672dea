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
import { parseRouteId } from '../ids';

/** Create (/admin/create) and edit (/admin/edit/:id) one API. */
export default function ApiEditorPage() {
  const raw = useParams().id;
  const editing = raw !== undefined;
  const id = parseRouteId(raw);
  usePageTitle(editing ? '编辑 API' : '新建 API');
  const { data, error, isLoading } = useAdminApiQuery(editing && id !== null ? id : skipToken);

  let content;
  if (!editing) content = <ApiForm initial={EMPTY_API_FORM} />;
  else if (id === null) {
    content = (
      <Alert variant="danger" role="alert">
        无效的API ID
      </Alert>
    );
  } else if (error) {
    content = (
      <Alert variant="danger" role="alert">
        {adminErrorText(error, { failed: '获取API数据失败' })}
      </Alert>
    );
  } else if (isLoading || !data) content = <Loading label="加载中..." />;
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
      <h1 className="h3 mb-3">{editing ? '编辑 API' : '新建 API'}</h1>
      {content}
    </section>
  );
}
