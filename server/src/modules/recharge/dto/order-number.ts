import { applyDecorators } from '@nestjs/common';
import { IsNotEmpty, IsString, Matches } from 'class-validator';
import { Trimmed } from '../../../common/admin-input';

/**
 * An Afdian order number: digits only, at most 64, surrounding blanks trimmed (a pasted number often
 * carries them); nothing else reaches Afdian or the records.
 */
export const OrderNumber = (field: string) =>
  // applyDecorators applies these in order, the reverse of stacked decorators: with
  // stopAtFirstError the first rule listed runs first.
  applyDecorators(
    IsNotEmpty({ message: 'please enter the order number' }),
    IsString({ message: `${field} must be text` }),
    Matches(/^\d{1,64}$/, {
      message: 'the order number must be digits only (at most 64), as shown on your Afdian order',
    }),
    Trimmed(),
  );
