import { REFERRAL_SETTINGS_FIELDS, type ReferralSettings } from '@contracts/referrals';
import { useState, type FormEvent } from 'react';
import { refusedField } from '../../../../lib/api';
import { useSaveReferralSettingsMutation } from '../../api';
import { adminErrorText, type Notice } from '../../errors';
import { REFERRALS } from '../../i18n/referrals';
import { FIELD_TEXTS, bodyOf, check, formOf, type Field } from './settingsForm';

const focus = (field: Field) => document.getElementById(`referral-${field}`)?.focus();

/**
 * The settings form's state: what is typed (from the saved settings), each field's mistake
 * (checked here first, then as the server refuses it) and how the last save went.
 */
export function useSettingsForm(saved: ReferralSettings) {
  const [form, setForm] = useState(() => formOf(saved));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [save, { isLoading }] = useSaveReferralSettingsMutation();

  const set = (field: Field) => (event: { target: { value: string } }) => {
    const { value } = event.target;
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const found = check(form);
    setErrors(found);
    const first = REFERRAL_SETTINGS_FIELDS.find((field) => found[field]);
    if (first) {
      focus(first);
      return;
    }
    const result = await save(bodyOf(form));
    if ('error' in result) {
      // A refusal of either field (its rule's code or request.validation) is said at the field.
      const field = refusedField(result.error, REFERRAL_SETTINGS_FIELDS);
      if (field) {
        setErrors({ [field]: FIELD_TEXTS[field] });
        focus(field);
      } else {
        setNotice({
          ok: false,
          text: adminErrorText(result.error, { failed: REFERRALS.settings.failed }),
        });
      }
      return;
    }
    setForm(formOf(result.data.data));
    setNotice({ ok: true, text: REFERRALS.settings.saved });
  };

  return {
    form,
    errors,
    notice,
    clearNotice: () => setNotice(null),
    isLoading,
    set,
    submit,
  };
}
