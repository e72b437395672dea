import { Transform } from 'class-transformer';

/**
 * Input conversions shared by the admin write DTOs. Admin forms send numbers and flags sometimes as
 * JSON numbers, sometimes as text ("1") or booleans; these normalise them before validation, and
 * leave anything unrecognised untouched so the validator rejects it with the field's message.
 *
 * class-validator checks a property's decorators bottom-up and the DTOs stop at the first failure,
 * so the admin DTOs list their checks from the last (format) at the top to the first (type,
 * required) at the bottom: a missing field reports "required", not "too long".
 */

/** Trims text; '' stays '' (required checks then fail on it). */
export const Trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** true/false, 1/0 and "1"/"0" become 1/0. */
export const Flag = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === true || value === '1') return 1;
    if (value === false || value === '0') return 0;
    return value;
  });

/** Integer text ("12", "-3") becomes a number; '' and null count as absent. */
export const IntLike = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === '' || value === null) return undefined;
    if (typeof value === 'string' && /^\s*-?\d{1,10}\s*$/.test(value)) return Number(value);
    return value;
  });

/** An absolute http(s) URL. */
