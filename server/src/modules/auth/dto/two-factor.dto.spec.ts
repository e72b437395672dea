import {
  CONFIRM_TWO_FACTOR_FIELDS,
  DISABLE_TOTP_FIELDS,
  ENABLE_TOTP_FIELDS,
  START_TOTP_FIELDS,
} from '../../../contracts/two-factor';
import { dtoFields } from '../../../../test/dto-fields';
import {
  ConfirmTwoFactorDto,
  DisableTwoFactorDto,
  StartTotpDto,
  TotpCodeDto,
} from './two-factor.dto';

// The two-factor card's three forms walk these lists, field by field, onto their controls.
describe('the two-factor forms’ fields', () => {
  it('are exactly the fields start_totp.php reads', () => {
    expect(dtoFields(StartTotpDto)).toEqual([...START_TOTP_FIELDS].sort());
  });

  it('are exactly the fields enable_totp.php reads', () => {
    expect(dtoFields(TotpCodeDto)).toEqual([...ENABLE_TOTP_FIELDS].sort());
  });

  it('are exactly the fields disable_totp.php reads', () => {
    expect(dtoFields(DisableTwoFactorDto)).toEqual([...DISABLE_TOTP_FIELDS].sort());
  });

  it('are exactly the fields confirm_two_factor.php reads', () => {
    expect(dtoFields(ConfirmTwoFactorDto)).toEqual([...CONFIRM_TWO_FACTOR_FIELDS].sort());
  });
});
