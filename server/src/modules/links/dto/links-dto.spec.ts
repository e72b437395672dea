import { FRIEND_LINK_FIELDS, SIDEBAR_LINK_FIELDS } from '../../../contracts/content';
import { dtoFields, withId } from '../../../../test/dto-fields';
import { SaveFriendLinkDto, UpdateFriendLinkDto } from './friend-link-admin.dto';
import { SaveSidebarLinkDto, UpdateSidebarLinkDto } from './sidebar-link-admin.dto';

// Each form's field list is what the client test walks, field by field, onto a control.
describe('the sidebar and friend link forms’ fields', () => {
  it('are exactly the fields the sidebar link calls read', () => {
    expect(dtoFields(SaveSidebarLinkDto)).toEqual([...SIDEBAR_LINK_FIELDS].sort());
    expect(dtoFields(UpdateSidebarLinkDto)).toEqual(withId(SIDEBAR_LINK_FIELDS));
  });

  it('are exactly the fields the friend link calls read', () => {
    expect(dtoFields(SaveFriendLinkDto)).toEqual([...FRIEND_LINK_FIELDS].sort());
    expect(dtoFields(UpdateFriendLinkDto)).toEqual(withId(FRIEND_LINK_FIELDS));
  });
});
