import { REGISTER_FIELDS } from '../../../contracts/users';
import { dtoFields } from '../../../../test/dto-fields';
import { RegisterBody } from './register.body';

// The register form's field list is what the client test walks, field by field, onto its controls.
describe('the register form’s fields', () => {
  it('are exactly the fields register.php reads, with the invite code the link brings', () => {
    expect(dtoFields(RegisterBody)).toEqual([...REGISTER_FIELDS, 'invite'].sort());
  });
});
