import { OIDC_CONNECT_FIELDS, OIDC_PROVIDER_FIELDS } from '../../../contracts/oidc';
import { dtoFields, withId } from '../../../../test/dto-fields';
import { OidcConnectDto, SaveOidcProviderDto } from './oidc.dto';

// The sign-in provider form's field list is what the client test walks onto its controls.
describe('the sign-in provider form’s fields', () => {
  it('are exactly the fields save_oidc_provider.php reads', () => {
    expect(dtoFields(SaveOidcProviderDto)).toEqual(withId(OIDC_PROVIDER_FIELDS));
  });
});

// The connect form walks this list: the password onto its control, the rest into the card.
describe('the connect form’s fields', () => {
  it('are exactly the fields oidc_connect.php reads', () => {
    expect(dtoFields(OidcConnectDto)).toEqual([...OIDC_CONNECT_FIELDS].sort());
  });
});
