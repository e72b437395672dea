import { ValidationError, ValidationPipe } from '@nestjs/common';
import { badRequest } from './app-error';

function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const message = Object.values(error.constraints ?? {})[0];
    if (message) return message;
    const nested = firstMessage(error.children ?? []);
    if (nested) return nested;
  }
  return 'invalid request';
}

/** DTO validation: unknown fields dropped, values converted, the first failed rule is the message. */
export const validationPipe = new ValidationPipe({
  whitelist: true,
  transform: true,
  forbidUnknownValues: true,
  stopAtFirstError: true,
  exceptionFactory: (errors) => badRequest('validation', firstMessage(errors)),
});
