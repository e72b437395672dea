import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { RecordId } from '../../../common/admin-input';
import { EMAIL_MAX_LENGTH } from '../../../contracts/account-email';
import type {
  AccountTokenBody,
  ChangeEmailBody,
  ForgotPasswordBody,
  ResetPasswordBody,
  SignInNoticeBody,
} from '../../../contracts/account-email';

/** POST forgot_password.php. */
export class ForgotPasswordDto implements ForgotPasswordBody {
  @MaxLength(EMAIL_MAX_LENGTH, { message: 'please enter your username or e-mail address' })
  @IsNotEmpty({ message: 'please enter your username or e-mail address' })
  @IsString({ message: 'please enter your username or e-mail address' })
  login: string;
}

/** POST check_reset_token.php and confirm_email.php: a malformed token is the service's 400. */
export class AccountTokenDto implements AccountTokenBody {
  @MaxLength(100, { message: 'token must be the token from the link' })
  @IsString({ message: 'token must be the token from the link' })
  token: string;
}

/** POST reset_password.php; the length rule is register's (passwordLengthError). */
export class ResetPasswordDto extends AccountTokenDto implements ResetPasswordBody {
  @IsNotEmpty({ message: 'please enter the new password' })
  @IsString({ message: 'please enter the new password' })
  new_password: string;

  @IsOptional()
  @IsString({ message: 'confirm_password must be text' })
  confirm_password?: string;
}

/** POST change_email.php. */
export class ChangeEmailDto implements ChangeEmailBody {
  @MaxLength(320, { message: 'please enter a valid e-mail address' })
  @IsNotEmpty({ message: 'please enter a valid e-mail address' })
  @IsString({ message: 'please enter a valid e-mail address' })
  email: string;

  @IsNotEmpty({ message: 'please enter the current password' })
  @IsString({ message: 'please enter the current password' })
  current_password: string;
}

/** POST admin/create_password_reset_link.php and admin/disable_user_two_factor.php: the user. */
export class UserIdDto {
  @RecordId('user_id must be a positive integer')
  user_id: number;
}

/** POST set_sign_in_notice.php. */
export class SignInNoticeDto implements SignInNoticeBody {
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled: boolean;
}
