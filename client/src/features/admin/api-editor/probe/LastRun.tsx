import type { ApiProbeView } from '@contracts/health';
import { formatTime } from '../../errors';
import { COMMON } from '../../i18n/common';
import { PROBES } from '../../i18n/probes';

/** The probe's last run above its fields: when, what it answered and how many in a row. */
export default function LastRun({ probe }: { probe: ApiProbeView }) {
  if (!probe.last_run_at) return <p className="text-muted small mb-3">{PROBES.lastRun.never}</p>;
  const passed = probe.last_error === '';
  return (
    <p className="small mb-3" role="status">
      <span className={passed ? 'badge text-bg-success me-2' : 'badge text-bg-danger me-2'}>
        {passed ? PROBES.lastRun.passed : COMMON.failed}
      </span>
      {PROBES.lastRun.summary(
        formatTime(probe.last_run_at),
        probe.last_status || PROBES.lastRun.noResponse,
        probe.last_ms,
      )}
      {passed
        ? PROBES.lastRun.passes(probe.consecutive_passes)
        : PROBES.lastRun.failures(probe.consecutive_failures, probe.last_error)}
    </p>
  );
}
