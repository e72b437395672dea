import { ADMIN_PASSWORD_FIELDS } from '../../../contracts/audit';
import { dtoFields } from '../../../../test/dto-fields';
import { ChangePasswordDto } from './change-password.dto';

// The admin's password form walks this list, field by field, onto its controls.
describe('the admin password form’s fields', () => {
  it('are exactly the fields the admin’s change_password.php reads', () => {
    expect(dtoFields(ChangePasswordDto)).toEqual([...ADMIN_PASSWORD_FIELDS].sort());
  });
});
