import { PASSKEY_OPTIONS_FIELDS } from '../../../contracts/passkeys';
import { dtoFields } from '../../../../test/dto-fields';
import { PasskeyRegisterOptionsDto } from './passkeys.dto';

// The passkey card's password form walks this list, field by field, onto its controls.
describe('the passkey form’s fields', () => {
  it('are exactly the fields passkey_register_options.php reads', () => {
    expect(dtoFields(PasskeyRegisterOptionsDto)).toEqual([...PASSKEY_OPTIONS_FIELDS].sort());
  });
});
