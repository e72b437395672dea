import type { ApiHealthSummary, ApiState } from '@contracts/health';
import HealthDot from '../../components/ui/HealthDot';
import { useI18n } from '../../i18n';
import { formatCount } from '../../lib/formatCount';

/** A success rate as shown: one decimal, dropped when whole ("100", "99.5"). */
const rate = (health: ApiHealthSummary) => String(health.success_rate);

/** The state as a coloured dot and its name (the dot alone says nothing to a screen reader). */
export function HealthState({
  health,
  hideText = false,
}: {
  health: { state: ApiState };
  hideText?: boolean;
}) {
  const { t } = useI18n();
  const name = t(`health.${health.state}`);
  return (
    <span className="portico-health-state">
      <HealthDot state={health.state} />
      <span className={hideText ? 'visually-hidden' : undefined}>{name}</span>
    </span>
  );
}

/** A card's line: state, median latency and success rate over 7 days. */
export function HealthLine({ health }: { health: ApiHealthSummary }) {
  const { t } = useI18n();
  return (
    <span
      className="portico-health small text-muted"
      title={t('health.cardTitle', { p50: String(health.p50_ms), rate: rate(health) })}
    >
      <HealthState health={health} hideText />
      {t('health.cardLine', { p50: String(health.p50_ms), rate: rate(health) })}
    </span>
  );
}

/** The API page's row: state, then the 7 days' figures in words. */
export function HealthFigures({ health }: { health: ApiHealthSummary }) {
  const { t } = useI18n();
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-2">
      <HealthState health={health} />
      <span className="text-muted">
        {t('health.detail', {
          p50: String(health.p50_ms),
          p95: String(health.p95_ms),
          rate: rate(health),
          calls: formatCount(health.calls),
        })}
      </span>
    </span>
  );
}
