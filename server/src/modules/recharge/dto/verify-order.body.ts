import { OrderNumber } from './order-number';

export class VerifyOrderBody {
  @OrderNumber('the order number')
  order_number: string;
}
