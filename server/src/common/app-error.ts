import { HttpStatus } from '@nestjs/common';

/** A domain error: a stable code, a user-facing message and the HTTP status it maps to. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: HttpStatus = HttpStatus.BAD_REQUEST,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) =>
  new AppError(code, message, HttpStatus.BAD_REQUEST);
export const notFound = (code: string, message: string) =>
  new AppError(code, message, HttpStatus.NOT_FOUND);
export const conflict = (code: string, message: string) =>
  new AppError(code, message, HttpStatus.CONFLICT);
