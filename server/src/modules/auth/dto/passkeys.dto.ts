import { IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { RecordId } from '../../../common/admin-input';
import {
  PASSKEY_NAME_MAX,
  type AddPasskeyBody,
  type PasskeyIdBody,
  type PasskeyLoginBody,
  type PasskeyLoginOptionsBody,
  type PasskeyRegisterOptionsBody,
  type WebAuthnJson,
} from '../../../contracts/passkeys';

const CREDENTIAL = 'credential must be the browser’s answer to the passkey options';
const CHALLENGE = 'challenge must be the one login.php answered';

/** POST user/passkey_register_options.php. */
export class PasskeyRegisterOptionsDto implements PasskeyRegisterOptionsBody {
  @IsNotEmpty({ message: 'please enter the current password' })
  @IsString({ message: 'please enter the current password' })
  current_password: string;
}

/** POST user/add_passkey.php: the answer is read by the WebAuthn library (a 400 when it fails). */
export class AddPasskeyDto implements AddPasskeyBody {
  @IsOptional()
  @MaxLength(PASSKEY_NAME_MAX, { message: `the name is at most ${PASSKEY_NAME_MAX} characters` })
  @IsString({ message: 'the name must be text' })
  name?: string;

  @IsObject({ message: CREDENTIAL })
  credential: WebAuthnJson;
}

/** POST user/delete_passkey.php. */
export class PasskeyIdDto implements PasskeyIdBody {
  @RecordId('id must be a positive integer')
  id: number;
}

/** POST passkey_login_options.php. */
export class PasskeyLoginOptionsDto implements PasskeyLoginOptionsBody {
  @IsOptional()
  @MaxLength(100, { message: CHALLENGE })
  @IsString({ message: CHALLENGE })
  challenge?: string;
}

/** POST passkey_login.php. */
export class PasskeyLoginDto extends PasskeyLoginOptionsDto implements PasskeyLoginBody {
  @IsObject({ message: CREDENTIAL })
  credential: WebAuthnJson;
}
