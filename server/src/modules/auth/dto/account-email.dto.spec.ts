import { CHANGE_EMAIL_FIELDS } from '../../../contracts/account-email';
import { dtoFields } from '../../../../test/dto-fields';
import { ChangeEmailDto } from './account-email.dto';

// The address form's field list is what the client test walks, field by field, onto its controls.
describe('the e-mail address form’s fields', () => {
  it('are exactly the fields change_email.php reads', () => {
    expect(dtoFields(ChangeEmailDto)).toEqual([...CHANGE_EMAIL_FIELDS].sort());
  });
});
