import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Accepts } from '../../../common/validation';
import type { RegisterBody as RegisterBodyContract } from '../../../contracts/users';

/** Only the types here; the rules run in SPEC.md §5's order in the contract's registrationError(). */
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

  @IsOptional()
  @IsString({ message: 'email must be text' })
  email?: string;

  @IsOptional()
  @MaxLength(64, { message: 'invite must be at most 64 characters' })
  @IsString({ message: 'invite must be text' })
  invite?: string;
}

/** The register form's body, as the contract types it, is one this DTO reads. */
export type RegisterBodyReads = Accepts<RegisterBody, RegisterBodyContract>;
