import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { RecordId, SortOrder, Trimmed } from '../../../common/admin-input';
import { CATEGORY_MESSAGES, CATEGORY_SLUG_PATTERN } from '../../../contracts/categories';
import { SORT_ORDER_MESSAGE } from '../../../contracts/content';
import type { SaveCategoryBody } from '../../../contracts/categories';
import type { IdBody } from '../../../contracts/envelope';

const INVALID_ID = 'invalid category ID';

/** create_category.php's body. */
export class SaveCategoryDto implements SaveCategoryBody {
  @Trimmed()
  @MaxLength(50, { message: 'category name is too long (max 50 characters)' })
  @IsNotEmpty({ message: 'category name cannot be empty' })
  @IsString({ message: 'category name cannot be empty' })
  name: string;

  @Trimmed()
  @MaxLength(50, { message: 'English category name is too long (max 50 characters)' })
  @IsNotEmpty({ message: 'English category name cannot be empty' })
  @IsString({ message: 'English category name cannot be empty' })
  name_en: string;

  @Trimmed()
  @Matches(CATEGORY_SLUG_PATTERN, { message: CATEGORY_MESSAGES.slug })
  @MaxLength(50, { message: CATEGORY_MESSAGES.slug })
  @IsString({ message: CATEGORY_MESSAGES.slug })
  slug: string;

  @SortOrder(SORT_ORDER_MESSAGE)
  sort_order?: number;
}

export class UpdateCategoryDto extends SaveCategoryDto {
  @RecordId(INVALID_ID)
  id: number;
}

export class CategoryIdDto implements IdBody {
  @RecordId(INVALID_ID)
  id: number;
}
