import type { AdminApi } from '@contracts/apis';
import { useState } from 'react';
import { Card } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { useApiProbeQuery } from '../api';
import { adminErrorText, type Notice } from '../errors';
import { COMMON } from '../i18n/common';
import { PROBES } from '../i18n/probes';
import ProbeEditor from './probe/ProbeEditor';

/**
 * The API's active probe: a call Portico makes on a schedule to tell whether the API works
 * (docs/api-health.md), saved apart from the API's own form.
 */
export default function ProbeCard({ api }: { api: AdminApi }) {
  const { data, error, isLoading } = useApiProbeQuery(api.id);
  const [notice, setNotice] = useState<Notice | null>(null);
  let content;
  if (error) {
    content = (
      <div className="alert alert-danger mb-0" role="alert">
        {adminErrorText(error, { failed: PROBES.loadFailed })}
      </div>
    );
  } else if (isLoading || !data) content = <Loading label={COMMON.loading} />;
  else {
    content = (
      <ProbeEditor
        key={data.data ? `${data.data.api_id}-saved` : 'new'}
        api={api}
        probe={data.data}
        setNotice={setNotice}
      />
    );
  }
  return (
    <Card className="mt-4">
      <Card.Header as="h2" className="h6 mb-0" id="probe-title">
        {PROBES.title}
      </Card.Header>
      <Card.Body>
        <p className="small text-muted">{PROBES.intro}</p>
        {api.maintenance && (
          <div className="alert alert-warning" role="status">
            {PROBES.maintenance}
          </div>
        )}
        <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
        {content}
      </Card.Body>
    </Card>
  );
}
