import type { AuditEntry } from '@contracts/audit';
import { formatBalance, formatPrice } from '@contracts/money';
import { formatTime } from './errors';
import { COMMON } from './i18n/common';
import { AUDIT } from './i18n/audit';

/** Field names and value words as the admin reads them; a field or value not listed shows as is. */
const FIELD_LABELS: Readonly<Record<string, string>> = AUDIT.fields;
const WORDS: Readonly<Record<string, Readonly<Record<string, string>>>> = AUDIT.values;

/** Flags written as 0/1 or true/false. */
const FLAGS = new Set([
  'is_paid',
  'is_pinned',
  'enabled',
  'two_factor',
  'email_verification',
  'admin_two_factor_required',
  'health_auto_maintenance',
]);

const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
/** Long values (a PHP example, a notice) are cut here; the full text is the cell's title. */
const MAX_SHOWN = 120;

export const auditFieldLabel = (field: string) => FIELD_LABELS[field] ?? field;

/** One value as the admin reads it: money in yuan (prices with three decimals, as shown elsewhere), flags and states in words, times local. */
export function auditValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (value === '') return AUDIT.change.emptyValue;
  if (field.endsWith('_milli') && typeof value === 'number') {
    return `¥${field.startsWith('price_') ? formatPrice(value) : formatBalance(value)}`;
  }
  if (FLAGS.has(field) && (typeof value === 'boolean' || value === 0 || value === 1)) {
    return value ? COMMON.yes : COMMON.no;
  }
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    return JSON.stringify(value);
  }
  const text = String(value);
  const word = WORDS[field]?.[text];
  if (word) return word;
  return typeof value === 'string' && TIME.test(value) ? formatTime(value) : text;
}

export const shortened = (text: string) =>
  text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;

/** One changed field of an audit entry: its value before (absent on a create) and after. */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an entry changed, field by field: an update's fields whose values differ (updated_at
 * left out), every field of a create or a delete. A value that is not an object of fields (an
 * older row) is one change named after the entry's target.
 */
export function fieldChanges(entry: AuditEntry): FieldChange[] {
  const { before, after } = entry;
  if ((before !== null && !isRecord(before)) || (after !== null && !isRecord(after))) {
    return [{ field: entry.target_type, before: before ?? undefined, after: after ?? undefined }];
  }
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter(
      (field) =>
        !(before && after) ||
        (field !== 'updated_at' && JSON.stringify(before[field]) !== JSON.stringify(after[field])),
    )
    .map((field) => ({
      field,
      ...(before && { before: before[field] }),
      ...(after && { after: after[field] }),
    }));
}
