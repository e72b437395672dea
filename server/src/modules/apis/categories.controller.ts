import { Body, Controller, Get, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { AdminGuard, CurrentAdminId } from '../sessions';
import { CategoriesService } from './categories.service';
import { CategoryIdDto, SaveCategoryDto, UpdateCategoryDto } from './dto/category.dto';

/** The home page's chips: every category in order, with its count of enabled APIs. */
@Controller('api')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get('get_categories.php')
  async list() {
    return { success: true, message: 'ok', data: await this.categories.list(true) };
  }
}

/** 分类管理: the admin's categories (counts include disabled APIs). */
@Controller('api/admin')
@UseGuards(AdminGuard)
export class CategoriesAdminController {
  constructor(private readonly categories: CategoriesService) {}

  @Get('get_categories.php')
  async list() {
    return { success: true, message: 'ok', data: await this.categories.list(false) };
  }

  @Post('create_category.php')
  @HttpCode(200)
  async create(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: SaveCategoryDto) {
    const data = await this.categories.create({ adminId, ip }, body);
    return { success: true, message: 'category created', data };
  }

  @Post('update_category.php')
  @HttpCode(200)
  async update(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: UpdateCategoryDto,
  ) {
    const data = await this.categories.update({ adminId, ip }, body);
    return { success: true, message: 'category updated', data };
  }

  @Post('delete_category.php')
  @HttpCode(200)
  async remove(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: CategoryIdDto) {
    await this.categories.remove({ adminId, ip }, body.id);
    return { success: true, message: 'category deleted' };
  }
}
