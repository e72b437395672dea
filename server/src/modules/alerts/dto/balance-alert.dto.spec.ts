import { BALANCE_ALERT_FIELDS } from '../../../contracts/usage';
import { dtoFields } from '../../../../test/dto-fields';
import { BalanceAlertDto } from './balance-alert.dto';

// The alert form's field list is what the client test walks, field by field, onto a control.
describe('the balance alert form’s fields', () => {
  it('are exactly the fields set_balance_alert.php reads', () => {
    expect(dtoFields(BalanceAlertDto)).toEqual([...BALANCE_ALERT_FIELDS].sort());
  });
});
