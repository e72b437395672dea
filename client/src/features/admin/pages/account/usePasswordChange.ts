import { ADMIN_PASSWORD_FIELDS } from '@contracts/audit';
import { PASSWORD_LENGTH } from '@contracts/users';
import { FormEvent, useEffect, useRef, useState } from 'react';
import { refusedField } from '../../../../lib/api';
import { useChangeAdminPasswordMutation } from '../../api';
import { adminErrorText, type Notice } from '../../errors';
import { ACCOUNT } from '../../i18n/account';

export type PasswordField = 'old_password' | 'new_password' | 'confirm';

const TEXTS = ACCOUNT.password;
const EMPTY: Record<PasswordField, string> = { old_password: '', new_password: '', confirm: '' };

/** The password form's state: checked here first, then sent, the refused field focused. */
export function usePasswordChange() {
  const [change, { isLoading }] = useChangeAdminPasswordMutation();
  const [values, setValues] = useState(EMPTY);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [bad, setBad] = useState<PasswordField | null>(null);
  // Bumped on every refusal, so the same refusal twice still moves the focus.
  const [refusals, setRefusals] = useState(0);
  // Bumped on every change: the sessions list mounts afresh and shows the others gone.
  const [changes, setChanges] = useState(0);
  const inputs = useRef<Partial<Record<PasswordField, HTMLInputElement | null>>>({});

  useEffect(() => {
    if (refusals > 0 && bad) inputs.current[bad]?.focus();
    // Only a new refusal moves the focus, not typing that clears the mark.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusals]);

  const refuse = (text: string, field: PasswordField | null) => {
    setNotice({ ok: false, text });
    setBad(field);
    setRefusals((n) => n + 1);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { old_password, new_password, confirm } = values;
    if (!old_password) return refuse(TEXTS.required, 'old_password');
    if (!new_password) return refuse(TEXTS.required, 'new_password');
    if (new_password.length < PASSWORD_LENGTH.min || new_password.length > PASSWORD_LENGTH.max) {
      return refuse(TEXTS.length, 'new_password');
    }
    if (new_password === old_password) return refuse(TEXTS.same, 'new_password');
    if (confirm !== new_password) return refuse(TEXTS.mismatch, 'confirm');
    const result = await change({ old_password, new_password });
    if ('error' in result) {
      return refuse(
        adminErrorText(result.error, { failed: TEXTS.failed }),
        refusedField(result.error, ADMIN_PASSWORD_FIELDS) ?? null,
      );
    }
    setBad(null);
    setNotice({ ok: true, text: TEXTS.done });
    setChanges((n) => n + 1);
    setValues(EMPTY);
  };

  /** A field's input: its value, and typing in it takes its mark back. */
  const edit = (field: PasswordField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (bad === field) setBad(null);
  };

  /** Another change signed the admin's other devices out (turning on two-factor). */
  const othersSignedOut = () => setChanges((n) => n + 1);

  return { values, notice, bad, changes, inputs, isLoading, onSubmit, edit, othersSignedOut };
}
