import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { PASSWORD_LENGTH } from '../../../contracts/users';
import type { ChangePasswordBody } from '../../../contracts/audit';

const NEW_PASSWORD_LENGTH = `the new password must be ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters`;

/** POST admin/change_password.php. */
export class ChangePasswordDto implements ChangePasswordBody {
  @IsNotEmpty({ message: 'please enter the current password' })
  @IsString({ message: 'please enter the current password' })
  old_password: string;

  @MaxLength(PASSWORD_LENGTH.max, { message: NEW_PASSWORD_LENGTH })
  @MinLength(PASSWORD_LENGTH.min, { message: NEW_PASSWORD_LENGTH })
  @IsString({ message: NEW_PASSWORD_LENGTH })
  new_password: string;
}
