import type { ApiState } from '@contracts/health';

/** Each state's dot, its classes written out whole: the CSS purge keeps only literal class names. */
const DOTS: Record<ApiState, string> = {
  operational: 'portico-health-dot portico-health-operational',
  degraded: 'portico-health-dot portico-health-degraded',
  down: 'portico-health-dot portico-health-down',
  unknown: 'portico-health-dot',
};

/** An API's state as a coloured dot (decoration: the state's name goes beside it or in the label). */
export default function HealthDot({ state }: { state: ApiState }) {
  return <span className={DOTS[state]} aria-hidden="true" />;
}
