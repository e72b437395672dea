import { IsNotEmpty, IsString, Matches } from 'class-validator';
import { Trimmed } from '../../../common/admin-input';
import { SANDBOX_AMOUNT_PATTERN } from '../../../contracts/recharge';
import type { SandboxPayBody as SandboxPayBodyContract } from '../../../contracts/recharge';

export class SandboxPayBody implements SandboxPayBodyContract {
  // With stopAtFirstError the bottom rule runs first.
  @Trimmed()
  @Matches(SANDBOX_AMOUNT_PATTERN, {
    message: 'the amount must be between 0.01 and 999999.99 yuan, with at most two decimals',
  })
  @IsString({ message: 'the amount must be text such as "10.00"' })
  @IsNotEmpty({ message: 'please enter the amount' })
  amount: string;
}
