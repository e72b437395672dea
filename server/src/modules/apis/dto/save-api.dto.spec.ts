import { SAVE_API_FIELDS } from '../../../contracts/apis';
import { CATEGORY_FIELDS } from '../../../contracts/categories';
import { dtoFields, withId } from '../../../../test/dto-fields';
import { SaveCategoryDto, UpdateCategoryDto } from './category.dto';
import { SaveApiDto, UpdateApiDto } from './save-api.dto';

// Each form's field list is what the client test walks, field by field, onto a control.
describe('the API editor’s and category form’s fields', () => {
  it('are exactly the fields create_api.php and update_api.php read', () => {
    expect(dtoFields(SaveApiDto)).toEqual([...SAVE_API_FIELDS].sort());
    expect(dtoFields(UpdateApiDto)).toEqual(withId(SAVE_API_FIELDS));
  });

  it('are exactly the fields the category calls read', () => {
    expect(dtoFields(SaveCategoryDto)).toEqual([...CATEGORY_FIELDS].sort());
    expect(dtoFields(UpdateCategoryDto)).toEqual(withId(CATEGORY_FIELDS));
  });
});
