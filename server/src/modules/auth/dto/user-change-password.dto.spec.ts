import { USER_PASSWORD_FIELDS } from '../../../contracts/sessions';
import { dtoFields } from '../../../../test/dto-fields';
import { UserChangePasswordDto } from './user-change-password.dto';

// The password form's field list is what the client test walks, field by field, onto its controls.
describe('the user password form’s fields', () => {
  it('are exactly the fields user/change_password.php reads', () => {
    expect(dtoFields(UserChangePasswordDto)).toEqual([...USER_PASSWORD_FIELDS].sort());
  });
});
