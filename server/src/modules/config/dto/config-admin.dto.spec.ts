import { SITE_CONFIG_FIELDS } from '../../../contracts/site';
import { dtoFields } from '../../../../test/dto-fields';
import { UpdateConfigDto } from './config-admin.dto';

// The config form's field list is what the client test walks, field by field, onto a control.
describe('the site configuration form’s fields', () => {
  it('are exactly the fields update_config.php reads', () => {
    expect(dtoFields(UpdateConfigDto)).toEqual([...SITE_CONFIG_FIELDS].sort());
  });
});
