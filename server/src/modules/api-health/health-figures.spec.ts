import { LATENCY_BOUNDS_MS } from '../../database/entities/api-health.entity';
import { DEFAULT_STATE_RULES, figuresOf, stateOf, verdictOf } from './health-figures';
import { histogramSlot } from './latency';

/** A window of `ok` calls taking `ms` each and `failed` calls taking 50 ms. */
function window(ok: number, failed: number, ms = 50) {
  const histogram = new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0);
  histogram[histogramSlot(ms)] += ok;
  histogram[histogramSlot(50)] += failed;
  return figuresOf({ calls: ok + failed, failures: failed, histogram });
}
const none = figuresOf(undefined);

describe('API health state', () => {
  it('is decided by the last hour once it has 20 calls', () => {
    expect(stateOf(window(20, 0), none)).toBe('operational');
    expect(stateOf(window(19, 1), none)).toBe('operational'); // exactly 95 %
    expect(stateOf(window(18, 2), none)).toBe('degraded');
    expect(stateOf(window(10, 10), none)).toBe('degraded'); // exactly half
    expect(stateOf(window(9, 11), none)).toBe('down');
  });

  it('is degraded when the slowest 5 % take over 3 s, however many calls work', () => {
    expect(stateOf(window(100, 0, 2500), none)).toBe('operational');
    expect(stateOf(window(100, 0, 4000), none)).toBe('degraded');
  });

  it('falls back to the last day with 50 calls, else is unknown', () => {
    expect(stateOf(window(19, 0), window(30, 20))).toBe('degraded');
    expect(stateOf(window(5, 0), window(20, 29))).toBe('unknown');
    expect(stateOf(none, none)).toBe('unknown');
  });

  it('rounds the success rate down, so a failure never shows as 100 %', () => {
    expect(window(1999, 1).success_rate).toBe(99.9);
    expect(window(2000, 0).success_rate).toBe(100);
    expect(none).toMatchObject({ calls: 0, success_rate: null, p50_ms: null });
  });

  it('takes the admin’s thresholds', () => {
    const strict = { ...DEFAULT_STATE_RULES, degradedBelowSuccess: 99.5, degradedAboveP95Ms: 100 };
    expect(stateOf(window(199, 1), none, strict)).toBe('operational');
    expect(stateOf(window(198, 2), none, strict)).toBe('degraded');
    expect(stateOf(window(100, 0, 150), none, strict)).toBe('degraded');
    expect(stateOf(window(7, 13), none, { ...strict, downBelowSuccess: 30 })).toBe('degraded');
  });
});

describe('API state with a probe', () => {
  const rules = DEFAULT_STATE_RULES;
  it('is down after as many failed probes in a row as the rules say, whatever the calls', () => {
    expect(verdictOf(window(100, 0), none, rules, { ran: true, consecutiveFailures: 3 })).toEqual({
      state: 'down',
      cause: 'probe',
    });
    expect(verdictOf(window(100, 0), none, rules, { ran: true, consecutiveFailures: 2 })).toEqual({
      state: 'operational',
      cause: 'traffic',
    });
  });

  it('is operational on a passing probe when the calls are too few to tell', () => {
    expect(verdictOf(none, none, rules, { ran: true, consecutiveFailures: 0 })).toEqual({
      state: 'operational',
      cause: 'probe',
    });
    expect(verdictOf(none, none, rules, { ran: false, consecutiveFailures: 0 }).state).toBe(
      'unknown',
    );
    expect(verdictOf(none, none, rules, { ran: true, consecutiveFailures: 1 }).state).toBe(
      'unknown',
    );
    expect(verdictOf(none, none, rules, undefined).state).toBe('unknown');
  });
});
