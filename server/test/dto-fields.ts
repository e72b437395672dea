import { getMetadataStorage } from 'class-validator';

/** The properties a DTO validates, sorted (every field it reads has a rule, if only optional). */
export const dtoFields = (dto: new () => object) =>
  [
    ...new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(dto, '', true, false)
        .map((rule) => rule.propertyName),
    ),
  ].sort();

/** A form's field list with the update call's id, sorted like dtoFields. */
export const withId = (fields: readonly string[]) => [...fields, 'id'].sort();
