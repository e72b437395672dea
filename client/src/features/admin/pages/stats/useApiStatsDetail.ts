import { skipToken } from '@reduxjs/toolkit/query';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAdminStatsDetailQuery } from '../../api';
import { parseRouteId } from '../../ids';
import { adminPaths } from '../../paths';

/** The JSON text date → count as rows, newest date first; unreadable text gives none. */
function dailyRows(history: string | null | undefined): [string, number][] {
  try {
    const parsed: unknown = JSON.parse(history ?? '');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
    return Object.entries(parsed as Record<string, unknown>)
      .map(([date, count]): [string, number] => [date, Number(count) || 0])
      .sort(([a], [b]) => b.localeCompare(a));
  } catch {
    return [];
  }
}

/** The API of the route's id, its days newest first, and the way back to the list it came from. */
export function useApiStatsDetail() {
  const navigate = useNavigate();
  // Back to the list page and search the admin came from.
  const listQuery = (useLocation().state as { listQuery?: string } | null)?.listQuery ?? '';
  // Not a positive integer: 无效的API ID, and no request is made.
  const id = parseRouteId(useParams().id);
  const { data, error, isLoading } = useAdminStatsDetailQuery(id ?? skipToken);
  const detail = data?.data;
  return {
    id,
    detail,
    error,
    isLoading,
    rows: dailyRows(detail?.daily_calls_history),
    back: () => void navigate(adminPaths.statistics + listQuery),
  };
}
