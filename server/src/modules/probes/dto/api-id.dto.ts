import { IsInt, Min } from 'class-validator';
import { IntLike } from '../../../common/admin-input';
import type { IdBody } from '../../../contracts/envelope';

/** The API whose probe is read, removed or run. */
export class ApiIdDto implements IdBody {
  @IntLike()
  @Min(1, { message: 'invalid API ID' })
  @IsInt({ message: 'invalid API ID' })
  id: number;
}
