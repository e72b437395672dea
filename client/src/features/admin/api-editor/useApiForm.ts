import { SAVE_API_FIELDS } from '@contracts/apis';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCreateApiMutation, useUpdateApiMutation } from '../api';
import { useConfirm } from '../components/useConfirm';
import { useRefusals } from '../components/useRefusals';
import { adminErrorText } from '../errors';
import { APIS } from '../i18n/apis';
import { ZH } from '../i18n/zh';
import { adminPaths } from '../paths';
import { apiFieldId, refusedApiField } from './fields';
import { apiFieldErrors, toApiBody, withNameEn, type ApiForm, type SectionProps } from './model';
import { useLeaveGuard } from './useLeaveGuard';

/**
 * The API form's state: the values as typed, the refusals (at their fields, else as a banner), the
 * save that returns to the API list, and the question before unsaved changes are left.
 */
export function useApiForm(initial: ApiForm, id?: number) {
  const navigate = useNavigate();
  const [create, creating] = useCreateApiMutation();
  const [update, updating] = useUpdateApiMutation();
  const [form, setForm] = useState(initial);
  // A refusal of fields is shown at them (the summary only links there); any other, as a banner.
  const { errors, banner, formRef, refuse, clear, settle } = useRefusals<keyof ApiForm>();
  const busy = creating.isLoading || updating.isLoading;
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const saved = useRef(false);
  const { confirm, dialog } = useConfirm();
  useLeaveGuard(dirty, saved, confirm);

  const summary = SAVE_API_FIELDS.filter((field) => errors[field] !== undefined).map((field) => ({
    id: apiFieldId(field),
    text: errors[field] ?? '',
  }));

  const set: SectionProps['set'] = (key, value) => {
    setForm((current) => ({ ...current, [key]: value }));
    settle(key);
  };

  const setNameEn = (value: string) => {
    setForm((current) => withNameEn(current, value, id === undefined));
    settle('name_en');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = apiFieldErrors(form);
    if (Object.keys(problems).length > 0) return refuse(problems);
    clear();
    const body = toApiBody(form, id);
    const result = id === undefined ? await create(body) : await update(body);
    if ('error' in result) {
      const refused = refusedApiField(result.error);
      if (refused) return refuse({ [refused[0]]: refused[1] });
      const failed = id === undefined ? ZH.addFailed : ZH.updateFailed;
      return refuse({}, adminErrorText(result.error, { failed }));
    }
    saved.current = true;
    void navigate(adminPaths.control, { state: { saved: true } });
  };

  const cancel = async () => {
    if (dirty && !(await confirm(APIS.editor.leaveQuestion, APIS.editor.leave))) return;
    void navigate(adminPaths.control);
  };

  return {
    form,
    set,
    setNameEn,
    errors,
    banner,
    formRef,
    summary,
    busy,
    dirty,
    submit,
    cancel,
    dialog,
  };
}
