import { IsNotEmpty, IsString, Matches } from 'class-validator';
import { Trimmed } from '../../../common/admin-input';

export class VerifyOrderBody {
  // With stopAtFirstError the bottom rule runs first.
  @Trimmed()
  @Matches(/^\d{1,64}$/, {
    message: 'the order number must be digits only (at most 64), as shown on your Afdian order',
  })
  @IsString({ message: 'the order number must be text' })
  @IsNotEmpty({ message: 'please enter the order number' })
  order_number: string;
}
