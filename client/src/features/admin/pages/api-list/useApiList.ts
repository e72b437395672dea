import type { ApiSummary } from '@contracts/apis';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAdminApiListQuery, useDeleteApisMutation, useSetApiFlagsMutation } from '../../api';
import { useConfirm } from '../../components/useConfirm';
import { outcomeNotice, type Notice } from '../../errors';
import { APIS } from '../../i18n/apis';
import { COMMON } from '../../i18n/common';
import { ZH } from '../../i18n/zh';
import { usePagedSearch } from '../../usePagedSearch';
import { apiListQuery } from './listQuery';

const { list } = APIS;

/**
 * API管理's state: search, filters and sort in the URL, the list, the rows ticked for a bulk
 * action, and the toggles, bulk actions and deletes with the banner saying how they went.
 */
export function useApiList() {
  const { search, text, setText, params, setFilter } = usePagedSearch();
  const query = apiListQuery(params, search);
  const { data, error, isLoading, isFetching } = useAdminApiListQuery(query);
  const [setFlags] = useSetApiFlagsMutation();
  const [removeMany] = useDeleteApisMutation();
  // The editor comes back here with what it saved.
  const saved = (useLocation().state as { saved?: string } | null)?.saved;
  const [notice, setNotice] = useState<Notice | null>(
    saved ? { ok: true, text: COMMON.saved } : null,
  );
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { confirm, dialog } = useConfirm();
  const apis = data?.data ?? [];
  // Only rows still listed count as selected: a filter, a search or a delete may have hidden some.
  const chosen = apis.filter((a) => selected.has(a.id)).map((a) => a.id);
  const allSelected = apis.length > 0 && apis.every((a) => selected.has(a.id));

  const toggle = async (api: ApiSummary, key: 'status' | 'is_pinned') => {
    const value = api[key] === 1 ? 0 : 1;
    const result = await setFlags({ ids: [api.id], [key]: value });
    const done = key === 'status' ? list.toggled.status : list.toggled.isPinned;
    setNotice(outcomeNotice(result, { failed: ZH.updateFailed }, done(value === 1, api.name)));
  };

  const bulk = async (action: 'enable' | 'disable' | 'delete') => {
    const ids = chosen;
    const verb = { enable: COMMON.enable, disable: COMMON.disabled, delete: COMMON.delete }[action];
    if (!(await confirm(list.bulk.question(verb, ids.length), verb))) return;
    const result =
      action === 'delete'
        ? await removeMany(ids)
        : await setFlags({ ids, status: action === 'enable' ? 1 : 0 });
    setNotice(
      outcomeNotice(result, { failed: list.bulk.failed(verb) }, list.bulk.done(verb, ids.length)),
    );
    if (!('error' in result)) setSelected(new Set());
  };

  const remove = async (api: ApiSummary) => {
    if (!(await confirm(list.deleteQuestion(api.name), COMMON.delete))) return;
    const result = await removeMany([api.id]);
    setNotice(outcomeNotice(result, { failed: ZH.deleteFailed }, list.deleted));
  };

  const selectAll = () => setSelected(allSelected ? new Set() : new Set(apis.map((a) => a.id)));
  const select = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return {
    text,
    setText,
    params,
    setFilter,
    sort: query.sort,
    filtered: Boolean(search) || params.size > 0,
    apis,
    error,
    isLoading,
    isFetching,
    notice,
    setNotice,
    selected,
    chosen,
    allSelected,
    selectAll,
    select,
    toggle,
    bulk,
    remove,
    dialog,
  };
}
