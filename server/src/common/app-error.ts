import { HttpStatus } from '@nestjs/common';
import type { ErrorCode } from '../contracts/errors';

/** A domain error: a stable code, a user-facing message and the HTTP status it maps to. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: HttpStatus = HttpStatus.BAD_REQUEST,
    readonly headers: Record<string, string> = {},
    /** The offending field, for validation failures. */
    readonly field?: string,
    /** More of the envelope a client needs to go on (login's two-factor `challenge`). */
    readonly details: Record<string, string | boolean> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: ErrorCode, message: string, field?: string) =>
  new AppError(code, message, HttpStatus.BAD_REQUEST, {}, field);
export const notFound = (code: ErrorCode, message: string) =>
  new AppError(code, message, HttpStatus.NOT_FOUND);
export const conflict = (code: ErrorCode, message: string, field?: string) =>
  new AppError(code, message, HttpStatus.CONFLICT, {}, field);
