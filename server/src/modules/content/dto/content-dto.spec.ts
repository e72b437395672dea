import { AD_FIELDS, PARTNER_FIELDS } from '../../../contracts/content';
import { dtoFields, withId } from '../../../../test/dto-fields';
import { SaveAdDto, UpdateAdDto } from './ad-admin.dto';
import { SavePartnerDto, UpdatePartnerDto } from './partner-admin.dto';

// Each form's field list is what the client test walks, field by field, onto a control.
describe('the partner and ad forms’ fields', () => {
  it('are exactly the fields the partner calls read', () => {
    expect(dtoFields(SavePartnerDto)).toEqual([...PARTNER_FIELDS].sort());
    expect(dtoFields(UpdatePartnerDto)).toEqual(withId(PARTNER_FIELDS));
  });

  it('are exactly the fields the ad calls read', () => {
    expect(dtoFields(SaveAdDto)).toEqual([...AD_FIELDS].sort());
    expect(dtoFields(UpdateAdDto)).toEqual(withId(AD_FIELDS));
  });
});
