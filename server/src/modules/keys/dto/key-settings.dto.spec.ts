import { KEY_FIELDS } from '../../../contracts/api-keys';
import { dtoFields, withId } from '../../../../test/dto-fields';
import { CreateKeyBody, UpdateKeyBody } from './key-settings.dto';

// The key form's field list is what the client test walks, field by field, onto a control.
describe('the key form’s fields', () => {
  it('are exactly the fields the create and update calls read', () => {
    expect(dtoFields(CreateKeyBody)).toEqual([...KEY_FIELDS].sort());
    expect(dtoFields(UpdateKeyBody)).toEqual(withId(KEY_FIELDS));
  });
});
