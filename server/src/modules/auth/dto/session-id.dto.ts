import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { RevokeSessionBody } from '../../../contracts/sessions';

/** POST revoke_session.php / revoke_admin_session.php. */
export class RevokeSessionDto implements RevokeSessionBody {
  @MaxLength(64, { message: 'id must be a session id' })
  @IsNotEmpty({ message: 'id must be a session id' })
  @IsString({ message: 'id must be a session id' })
  id: string;
}
