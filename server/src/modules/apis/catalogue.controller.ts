import { Controller, Get, Query } from '@nestjs/common';
import { CatalogueService } from './catalogue.service';
import { ListApisQuery } from './dto/list-apis.query';

@Controller('api')
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get('get_api_list.php')
  async list(@Query() query: ListApisQuery) {
    return { success: true, message: 'ok', ...(await this.catalogue.list(query)) };
  }
}
