import type { ApiProbeView, SaveProbeBody } from '@contracts/health';
import type { AdminApi } from '@contracts/apis';
import { useState, type FormEvent } from 'react';
import { malformedField } from '../../../../lib/api';
import {
  useDeleteApiProbeMutation,
  useRunApiProbeMutation,
  useSaveApiProbeMutation,
} from '../../api';
import { useConfirm } from '../../components/useConfirm';
import { adminErrorText, outcomeNotice, type Notice } from '../../errors';
import { COMMON } from '../../i18n/common';
import { PROBES } from '../../i18n/probes';
import { ZH } from '../../i18n/zh';
import { FIELD_TEXTS, formFrom, problemOf, type ProbeForm } from './form';

/** The probe editor's form, its checks and its save, run and remove calls, apart from its fields. */
export function useProbeEditor(
  api: AdminApi,
  probe: ApiProbeView | null,
  setNotice: (notice: Notice | null) => void,
) {
  const [form, setForm] = useState(() => formFrom(probe, api));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useSaveApiProbeMutation();
  const [run, running] = useRunApiProbeMutation();
  const [remove, removing] = useDeleteApiProbeMutation();
  const { confirm, dialog } = useConfirm();
  const set = <K extends keyof ProbeForm>(key: K, value: ProbeForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => k !== key)));
  };
  const focus = (field: string) => document.getElementById(`api-probe-${field}`)?.focus();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = problemOf(form);
    if (problem) {
      setNotice(null);
      setErrors({ [problem.field]: problem.text });
      focus(problem.field);
      return;
    }
    const body: SaveProbeBody = {
      id: api.id,
      enabled: form.enabled ? 1 : 0,
      method: form.method,
      query: form.query.trim(),
      body: form.body.trim() || null,
      expected_status: Number(form.expected_status),
      interval_s: Number(form.interval_s),
      timeout_ms: Number(form.timeout_ms),
    };
    const result = await save(body);
    const field = 'error' in result ? malformedField(result.error) : undefined;
    if (field && 'error' in result) {
      setNotice(null);
      setErrors({
        [field]: adminErrorText(result.error, { failed: PROBES.saveFailed, fields: FIELD_TEXTS }),
      });
      focus(field);
      return;
    }
    setNotice(outcomeNotice(result, { failed: PROBES.saveFailed }, PROBES.saved));
  };

  const onRun = async () => {
    const result = await run(api.id);
    setNotice(
      'error' in result
        ? { ok: false, text: adminErrorText(result.error, { failed: PROBES.runFailed }) }
        : result.data.data.last_error
          ? { ok: false, text: PROBES.runNotPassed(result.data.data.last_error) }
          : { ok: true, text: PROBES.runPassed(result.data.data.last_status) },
    );
  };

  const onRemove = async () => {
    if (!(await confirm(PROBES.confirmRemove(api.name), COMMON.delete))) return;
    const result = await remove(api.id);
    setNotice(outcomeNotice(result, { failed: ZH.deleteFailed }, PROBES.removed));
  };

  return { form, errors, set, saving, running, removing, dialog, onSubmit, onRun, onRemove };
}
