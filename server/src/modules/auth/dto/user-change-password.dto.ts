import { IsNotEmpty, IsString } from 'class-validator';
import type { UserPasswordChangeBody } from '../../../contracts/sessions';

/** POST user/change_password.php; the length rule is register's (passwordLengthError). */
export class UserChangePasswordDto implements UserPasswordChangeBody {
  @IsNotEmpty({ message: 'please enter the current password' })
  @IsString({ message: 'please enter the current password' })
  current_password: string;

  @IsNotEmpty({ message: 'please enter the new password' })
  @IsString({ message: 'please enter the new password' })
  new_password: string;
}
