import { Body, Controller, Ip, UseGuards } from '@nestjs/common';
import { AdminGuard, CurrentAdminId } from '../sessions';
import { CategoriesService } from './categories.service';
import { CategoryIdDto, SaveCategoryDto, UpdateCategoryDto } from './dto/category.dto';
import { Serves } from '../../common/serves';

/** The home page's chips: every category in order, with its count of enabled APIs. */
@Controller()
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Serves('GET api/get_categories.php')
  async list() {
    return { success: true, message: 'ok', data: await this.categories.list(true) };
  }
}

/** 分类管理: the admin's categories (counts include disabled APIs). */
@Controller()
@UseGuards(AdminGuard)
export class CategoriesAdminController {
  constructor(private readonly categories: CategoriesService) {}

  @Serves('GET api/admin/get_categories.php')
  async list() {
    return { success: true, message: 'ok', data: await this.categories.list(false) };
  }

  @Serves('POST api/admin/create_category.php')
  async create(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: SaveCategoryDto) {
    const data = await this.categories.create({ adminId, ip }, body);
    return { success: true, message: 'category created', data };
  }

  @Serves('POST api/admin/update_category.php')
  async update(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: UpdateCategoryDto,
  ) {
    const data = await this.categories.update({ adminId, ip }, body);
    return { success: true, message: 'category updated', data };
  }

  @Serves('POST api/admin/delete_category.php')
  async remove(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: CategoryIdDto) {
    await this.categories.remove({ adminId, ip }, body.id);
    return { success: true, message: 'category deleted' };
  }
}
