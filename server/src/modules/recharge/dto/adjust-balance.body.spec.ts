import { ADJUST_BALANCE_FIELDS } from '../../../contracts/recharge';
import { dtoFields } from '../../../../test/dto-fields';
import { AdjustBalanceBody } from './adjust-balance.body';

// The balance form walks this list: amount and reason onto their controls, the user above them.
describe('the balance adjustment form’s fields', () => {
  it('are exactly the fields adjust_user_balance.php reads', () => {
    expect(dtoFields(AdjustBalanceBody)).toEqual([...ADJUST_BALANCE_FIELDS].sort());
  });
});
