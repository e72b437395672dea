import { useState } from 'react';
import { useQueryParams } from '../../../../lib/useQueryParams';
import {
  RECONCILIATION_CSV_URL,
  type ReconciliationPeriod,
  useReconciliationQuery,
} from '../../api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period's two ends, kept in the URL query (?from=&to=, UTC days). */
export const PERIOD_KEYS = ['from', 'to'] as const;

/**
 * The reconciliation's period from the URL (a malformed day is left to the server's default),
 * its report, the days shown (newest first, quiet days on request) and the same period's CSV.
 */
export function useReconciliation() {
  const [params, setParams] = useQueryParams();
  const period: ReconciliationPeriod = {};
  for (const key of PERIOD_KEYS) {
    const value = params.get(key);
    if (value && DAY.test(value)) period[key] = value;
  }
  const { data, error, isLoading, isFetching } = useReconciliationQuery(period, {
    refetchOnMountOrArgChange: true,
  });
  const setEnd = (key: 'from' | 'to', value: string) =>
    setParams(
      (next) => {
        if (value) next.set(key, value);
        else next.delete(key);
      },
      { replace: true },
    );
  const report = data?.data;
  const [quietDaysShown, setQuietDaysShown] = useState(false);
  const days = [...(report?.days ?? [])].reverse().filter((day) => quietDaysShown || day.seen > 0);
  const csvUrl = `${RECONCILIATION_CSV_URL}?${new URLSearchParams({ ...period }).toString()}`;

  return {
    period,
    setEnd,
    report,
    error,
    isLoading,
    isFetching,
    days,
    quietDaysShown,
    setQuietDaysShown,
    csvUrl,
  };
}
