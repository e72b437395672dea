import type { AllowedApiName, ApiKeySettings, ApiKeyView } from '@contracts/api-keys';

/** The key form's fields as the inputs hold them (text, and the chosen APIs). */
export interface KeyForm {
  name: string;
  /** `datetime-local` text in the browser's time zone, '' for never. */
  expires: string;
  apis: AllowedApiName[];
  /** One address or CIDR a line. */
  ips: string;
  rateLimit: string;
  dailyCap: string;
  monthlyCap: string;
}

export const EMPTY_FORM: KeyForm = {
  name: '',
  expires: '',
  apis: [],
  ips: '',
  rateLimit: '',
  dailyCap: '',
  monthlyCap: '',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as `datetime-local` text in the browser's zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function formOf(key: ApiKeyView): KeyForm {
  return {
    name: key.name,
    expires: toLocalInput(key.expires_at),
    apis: key.allowed_api_names ?? [],
    ips: (key.allowed_ips ?? []).join('\n'),
    rateLimit: key.rate_limit === null ? '' : String(key.rate_limit),
    dailyCap: key.daily_cap ?? '',
    monthlyCap: key.monthly_cap ?? '',
  };
}

/** The settings to send: an empty field means "none" (null), which also clears it on update. */
export function settingsOf(form: KeyForm): Required<ApiKeySettings> {
  const ips = form.ips
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter(Boolean);
  const rate = form.rateLimit.trim();
  return {
    name: form.name.trim(),
    expires_at: form.expires ? new Date(form.expires).toISOString() : null,
    allowed_apis: form.apis.length ? form.apis.map((api) => api.id) : null,
    allowed_ips: ips.length ? ips : null,
    rate_limit: rate ? Number(rate) : null,
    daily_cap: form.dailyCap.trim() || null,
    monthly_cap: form.monthlyCap.trim() || null,
  };
}
