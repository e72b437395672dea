import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { SORT_ORDER_LIMIT } from '../contracts/content';

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

/** An amount may arrive as a JSON number from simple clients; it is read as its decimal text. */
export const AmountText = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'number' && Number.isFinite(value) ? String(value) : value,
  );

/**
 * May be left out, but not sent as null (IsOptional lets null through, and a null would reach a
 * NOT NULL column as a failed write instead of a clear 400).
 */
export const OptionalNotNull = () => ValidateIf((_object, value) => value !== undefined);

// The stacks below register bottom-up like the decorators they replace (see the note above).

/** An optional sort order: an integer within ±1,000,000. */
export const SortOrder = (message: string) =>
  applyDecorators(
    IsInt({ message }),
    Max(SORT_ORDER_LIMIT, { message }),
    Min(-SORT_ORDER_LIMIT, { message }),
    IntLike(),
    IsOptional(),
  );

/** An optional 0/1 status. */
export const StatusFlag = () =>
  applyDecorators(IsIn([0, 1], { message: 'status must be 0 or 1' }), Flag(), IsOptional());

/** A required positive record id, within the INT columns' range. */
export const RecordId = (message: string) =>
  applyDecorators(
    IsInt({ message }),
    Max(2_147_483_647, { message }),
    Min(1, { message }),
    IntLike(),
  );
