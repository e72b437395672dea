import type { ApiSummary } from '@contracts/apis';
import { Badge } from 'react-bootstrap';
import HealthDot from '../../../../components/ui/HealthDot';
import { APIS } from '../../i18n/apis';

const { health } = APIS.list;

/** The API's last 7 days: state, median latency and success rate; too little data below 50 calls. */
export default function HealthCell({ api }: { api: ApiSummary }) {
  const maintenance = api.maintenance && (
    <Badge bg="warning" text="dark" className="me-1">
      {health.maintenance}
    </Badge>
  );
  if (!api.health) {
    return (
      <>
        {maintenance}
        <span className="text-muted">{health.tooFew}</span>
      </>
    );
  }
  const { state, p50_ms, success_rate } = api.health;
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-1">
      {maintenance}
      <HealthDot state={state} />
      {health.summary(health.states[state], p50_ms, success_rate)}
    </span>
  );
}
