import {
  GITHUB_URL,
  OIDC_PROVIDER_FIELDS,
  type OidcKind,
  type OidcProviderAdminView,
} from '@contracts/oidc';
import { useEffect, useState, type FormEvent } from 'react';
import { invalidMarks } from '../../../../components/ui/invalidMarks';
import { refusedField } from '../../../../lib/api';
import { useSaveOidcProviderMutation } from '../../api';
import { CLOSE_AFTER_SUCCESS_MS } from '../../components/record-manager/timing';
import { adminErrorText } from '../../errors';
import { COMMON } from '../../i18n/common';
import { PROVIDERS } from '../../i18n/providers';

export type Field = (typeof OIDC_PROVIDER_FIELDS)[number];

const FIELD_TEXTS: Record<Field, string> = {
  kind: PROVIDERS.fieldErrors.kind,
  name: PROVIDERS.fieldErrors.name,
  issuer: PROVIDERS.fieldErrors.issuer,
  client_id: PROVIDERS.fieldErrors.clientId,
  client_secret: PROVIDERS.fieldErrors.clientSecret,
  enabled: PROVIDERS.fieldErrors.enabled,
};
/** Each control's id names its field, so a refusal can bring its field into view. */
export const controlId = (field: Field) => `oidc-${field}`;

/**
 * A sign-in provider's form: the values as typed (the secret blank, which keeps the stored one),
 * the refusals at their fields (the first one focused) or in a banner, and the save, after whose
 * success the modal closes by itself.
 */
export function useProviderForm(provider: OidcProviderAdminView | null, onClose: () => void) {
  const [save, { isLoading }] = useSaveOidcProviderMutation();
  const [form, setForm] = useState({
    kind: provider?.kind ?? 'oidc',
    name: provider?.name ?? '',
    issuer: provider?.issuer ?? '',
    client_id: provider?.client_id ?? '',
    client_secret: '',
    enabled: provider?.enabled ?? 1,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    const first = OIDC_PROVIDER_FIELDS.find((field) => errors[field] !== undefined);
    if (first) document.getElementById(controlId(first))?.focus();
  }, [errors]);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [success, onClose]);

  const set = (field: keyof typeof form) => (value: string | number) =>
    setForm((current) => ({ ...current, [field]: value }));

  const choose = (kind: OidcKind) =>
    setForm((current) => ({
      ...current,
      kind,
      // GitHub lives at one address unless it is an Enterprise Server.
      issuer: kind === 'github' && !current.issuer.trim() ? GITHUB_URL : current.issuer,
      name: kind === 'github' && !current.name.trim() ? 'GitHub' : current.name,
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (!form.name.trim()) missing.name = FIELD_TEXTS.name;
    if (!/^https?:\/\/\S+$/.test(form.issuer.trim())) missing.issuer = FIELD_TEXTS.issuer;
    if (!form.client_id.trim()) missing.client_id = FIELD_TEXTS.client_id;
    if (!provider && !form.client_secret.trim()) missing.client_secret = FIELD_TEXTS.client_secret;
    setErrors(missing);
    setError(null);
    if (Object.keys(missing).length > 0) return;
    const result = await save({
      ...(provider && { id: provider.id }),
      kind: form.kind,
      name: form.name.trim(),
      issuer: form.issuer.trim(),
      client_id: form.client_id.trim(),
      client_secret: form.client_secret,
      enabled: form.enabled === 1 ? 1 : 0,
    });
    if ('error' in result) {
      const text = adminErrorText(result.error, {
        failed: PROVIDERS.saveFailed,
        network: PROVIDERS.saveNetwork,
        fields: FIELD_TEXTS,
      });
      const field = refusedField(result.error, OIDC_PROVIDER_FIELDS);
      if (field) setErrors({ [field]: text });
      else setError(text);
      return;
    }
    setSuccess(COMMON.saved);
  };

  const marks = (field: Field, help?: boolean) =>
    invalidMarks(
      errors[field] !== undefined && `${controlId(field)}-error`,
      help && `${controlId(field)}-help`,
    );
  const control = (field: 'name' | 'issuer' | 'client_id' | 'client_secret', help?: boolean) => ({
    value: form[field],
    ...marks(field, help),
    onChange: (e: { target: { value: string } }) => set(field)(e.target.value),
  });

  return { form, set, choose, errors, error, success, saving: isLoading, submit, marks, control };
}

export type ProviderForm = ReturnType<typeof useProviderForm>;
