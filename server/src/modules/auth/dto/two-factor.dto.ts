import { IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import type {
  ConfirmTwoFactorBody,
  DisableTwoFactorBody,
  StartTotpBody,
  TotpCodeBody,
  TwoFactorLoginBody,
} from '../../../contracts/two-factor';

const CODE = 'please enter the code from your authenticator app or a recovery code';

/** POST start_totp.php. */
export class StartTotpDto implements StartTotpBody {
  @IsNotEmpty({ message: 'please enter the current password' })
  @IsString({ message: 'please enter the current password' })
  current_password: string;
}

/** POST enable_totp.php: a malformed code is the service's 400 on `code`. */
export class TotpCodeDto implements TotpCodeBody {
  @MaxLength(32, { message: CODE })
  @IsNotEmpty({ message: CODE })
  @IsString({ message: CODE })
  code: string;
}

/** POST disable_totp.php. */
export class DisableTwoFactorDto extends TotpCodeDto implements DisableTwoFactorBody {
  @IsNotEmpty({ message: 'please enter the current password' })
  @IsString({ message: 'please enter the current password' })
  current_password: string;
}

/** POST login_2fa.php and admin_login_2fa.php. */
export class TwoFactorLoginDto extends TotpCodeDto implements TwoFactorLoginBody {
  @MaxLength(200, { message: 'challenge must be the one login.php answered' })
  @IsNotEmpty({ message: 'challenge must be the one login.php answered' })
  @IsString({ message: 'challenge must be the one login.php answered' })
  challenge: string;
}

/** POST user/confirm_two_factor.php: a code, or else a passkey's answer. */
export class ConfirmTwoFactorDto implements ConfirmTwoFactorBody {
  @ValidateIf((body: ConfirmTwoFactorDto) => body.credential === undefined)
  @MaxLength(32, { message: CODE })
  @IsNotEmpty({ message: CODE })
  @IsString({ message: CODE })
  code?: string;

  @IsOptional()
  @IsObject({ message: 'credential must be the browser’s answer to the passkey options' })
  credential?: object;
}
