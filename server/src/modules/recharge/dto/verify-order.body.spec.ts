import { VERIFY_ORDER_FIELDS } from '../../../contracts/recharge';
import { dtoFields } from '../../../../test/dto-fields';
import { VerifyOrderBody } from './verify-order.body';

// The recharge page's order field takes every refusal of this list.
describe('the order form’s fields', () => {
  it('are exactly the fields verify_aifadian_order.php reads', () => {
    expect(dtoFields(VerifyOrderBody)).toEqual([...VERIFY_ORDER_FIELDS].sort());
  });
});
