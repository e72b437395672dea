import {
  CHANGE_EMAIL_FIELDS,
  FORGOT_PASSWORD_FIELDS,
  RESET_PASSWORD_FIELDS,
} from '../../../contracts/account-email';
import { dtoFields } from '../../../../test/dto-fields';
import { ChangeEmailDto, ForgotPasswordDto, ResetPasswordDto } from './account-email.dto';

// Each form's field list is what its client test walks, field by field, onto its controls.
describe('the account mail forms’ fields', () => {
  it('are exactly the fields change_email.php reads', () => {
    expect(dtoFields(ChangeEmailDto)).toEqual([...CHANGE_EMAIL_FIELDS].sort());
  });

  it('are exactly the fields forgot_password.php reads', () => {
    expect(dtoFields(ForgotPasswordDto)).toEqual([...FORGOT_PASSWORD_FIELDS].sort());
  });

  it('are exactly the fields reset_password.php reads', () => {
    expect(dtoFields(ResetPasswordDto)).toEqual([...RESET_PASSWORD_FIELDS].sort());
  });
});
