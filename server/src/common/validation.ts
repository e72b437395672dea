import { HttpStatus, ValidationError, ValidationPipe } from '@nestjs/common';
import { AppError } from './app-error';

/** The first failed rule, with the dotted path of the field it failed on. */
function firstFailure(
  errors: ValidationError[],
  parent = '',
): { field: string; message: string } | null {
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const message = Object.values(error.constraints ?? {})[0];
    if (message) return { field, message };
    const nested = firstFailure(error.children ?? [], field);
    if (nested) return nested;
  }
  return null;
}

/** DTO validation: unknown fields dropped, values converted, the first failed rule is the message. */
export const validationPipe = new ValidationPipe({
  whitelist: true,
  transform: true,
  forbidUnknownValues: true,
  stopAtFirstError: true,
  exceptionFactory: (errors) => {
    const failure = firstFailure(errors);
    return new AppError(
      'request.validation',
      failure?.message ?? 'invalid request',
      HttpStatus.BAD_REQUEST,
      {},
      failure?.field,
    );
  },
});

/**
 * A compile-time check for a DTO whose fields are looser than the contract's body (optional,
 * defaulted, `null` allowed, as SPEC's forms send them), so it cannot `implements` the body:
 * `Accepts<Dto, Body>` fails the typecheck unless every body the contract lets the client send
 * is one the DTO reads.
 */
export type Accepts<Dto, Body extends Dto> = Body;
