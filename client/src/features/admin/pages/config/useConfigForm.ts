import { SITE_CONFIG_RULES, type SiteConfigBody } from '@contracts/site';
import { useState, type FormEvent } from 'react';
import { invalidMarks } from '../../../../components/ui/invalidMarks';
import { refusedField } from '../../../../lib/api';
import { useUpdateConfigMutation } from '../../api';
import { HEALTH_FIELD_ERRORS, healthError } from '../../components/HealthSettings';
import { adminErrorText, outcomeNotice, type Notice } from '../../errors';
import { COMMON } from '../../i18n/common';
import { ZH, ZH_FIELD_ERRORS } from '../../i18n/zh';

/** The field a refusal is about, and what is wrong with it. */
export type Refusal = { field: string; text: string };

/** The address fields' own check, as the server makes it: the first one that cannot work. */
function addressError(form: SiteConfigBody): keyof SiteConfigBody | null {
  const siteUrl = form.site_url.trim();
  if (siteUrl && !SITE_CONFIG_RULES.siteUrl.test(siteUrl)) return 'site_url';
  const favicon = form.site_favicon.trim();
  if (favicon && !SITE_CONFIG_RULES.favicon.test(favicon)) return 'site_favicon';
  return null;
}

/**
 * 网站配置's form: the values as typed, the one refused field (shown and focused at the field
 * itself, and taken back once it is edited), and the save with its banner.
 */
export function useConfigForm(initial: SiteConfigBody) {
  const [update, { isLoading }] = useUpdateConfigMutation();
  const [form, setForm] = useState(initial);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [invalid, setInvalid] = useState<Refusal | null>(null);

  const change = <K extends keyof SiteConfigBody>(key: K, value: SiteConfigBody[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    if (invalid?.field === key) setInvalid(null);
  };
  /** A field's marks: its refusal, if any, and its help as its description. */
  const invalidProps = (key: string, helpId?: string) =>
    invalidMarks(invalid?.field === key && `config-${key}-error`, helpId);
  const markInvalid = (field: string, text: string) => {
    setInvalid({ field, text });
    document.getElementById(`config-${field}`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = addressError(form);
    if (wrong) {
      setNotice(null);
      markInvalid(wrong, ZH_FIELD_ERRORS[wrong]);
      return;
    }
    const unhealthy = healthError(form);
    if (unhealthy) {
      setNotice(null);
      markInvalid(unhealthy, HEALTH_FIELD_ERRORS[unhealthy]);
      return;
    }
    const result = await update(form);
    setNotice(outcomeNotice(result, { failed: ZH.updateFailed }, COMMON.saved));
    // Marked at its field: a validation error, or a rule of one field (the webhook's address).
    const field = 'error' in result ? refusedField(result.error) : undefined;
    if (field && 'error' in result)
      markInvalid(
        field,
        adminErrorText(result.error, { failed: ZH.updateFailed, fields: HEALTH_FIELD_ERRORS }),
      );
  };

  return {
    form,
    change,
    invalid,
    invalidProps,
    notice,
    closeNotice: () => setNotice(null),
    submit,
    saving: isLoading,
  };
}
