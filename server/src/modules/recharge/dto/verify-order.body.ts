import { OrderNumber } from './order-number';
import type { VerifyOrderBody as VerifyOrderBodyContract } from '../../../contracts/recharge';

export class VerifyOrderBody implements VerifyOrderBodyContract {
  @OrderNumber('the order number')
  order_number: string;
}
