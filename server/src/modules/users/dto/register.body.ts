import { IsOptional, IsString } from 'class-validator';
import type { ErrorCode } from '../../../contracts/errors';

export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const USERNAME_LENGTH = { min: 3, max: 32 } as const;
export const PASSWORD_LENGTH = { min: 6, max: 128 } as const;

/** Only the types here; the rules run in SPEC.md §5's order in registrationError(). */
export class RegisterBody {
  @IsOptional()
  @IsString({ message: 'username must be text' })
  username?: string;

  @IsOptional()
  @IsString({ message: 'password must be text' })
  password?: string;

  @IsOptional()
  @IsString({ message: 'confirm_password must be text' })
  confirm_password?: string;
}

const rule = (code: ErrorCode, message: string) => ({ code, message });

/** The first register rule the body breaks (the client checks the same ones, same order). */
export function registrationError(body: RegisterBody): { code: ErrorCode; message: string } | null {
  const { username, password, confirm_password: confirm } = body;
  if (!username || !password || confirm === '') {
    return rule('users.fields_empty', 'all fields cannot be empty');
  }
  if (confirm !== undefined && confirm !== password) {
    return rule('users.password_mismatch', 'the two passwords do not match');
  }
  if (password.length < PASSWORD_LENGTH.min) {
    return rule('users.password_too_short', 'password must be at least 6 characters');
  }
  if (password.length > PASSWORD_LENGTH.max) {
    return rule('users.password_too_long', 'password must be at most 128 characters');
  }
  if (!USERNAME_PATTERN.test(username)) {
    return rule(
      'users.username_invalid',
      'username may only contain letters, digits and underscores',
    );
  }
  if (username.length < USERNAME_LENGTH.min || username.length > USERNAME_LENGTH.max) {
    return rule('users.username_length', 'username must be 3 to 32 characters');
  }
  return null;
}
