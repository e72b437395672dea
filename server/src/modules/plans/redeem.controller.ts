import { Body, Controller, Ip, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Serves } from '../../common/serves';
import { AdminGuard, CurrentAdminId, CurrentUserId, UserGuard } from '../sessions';
import {
  CreateRedeemBatchDto,
  RedeemBatchesQuery,
  RedeemBatchIdDto,
  RedeemCodeDto,
  RedemptionsQuery,
} from './dto/redeem.dto';
import { RedeemAdminService } from './redeem-admin.service';
import { RedeemService } from './redeem.service';

@Controller()
export class RedeemController {
  constructor(private readonly redeem: RedeemService) {}

  @Serves('POST api/user/redeem_code.php')
  @UseGuards(UserGuard)
  async redeemCode(@CurrentUserId() userId: number, @Ip() ip: string, @Body() body: RedeemCodeDto) {
    const data = await this.redeem.redeem(userId, ip, body.code);
    return { success: true, message: `code redeemed: ${data.amount} credited`, data };
  }

  @Serves('GET api/user/get_redemptions.php')
  @UseGuards(UserGuard)
  async list(@CurrentUserId() userId: number, @Query() query: RedemptionsQuery) {
    return { success: true, message: 'ok', data: await this.redeem.list(userId, query) };
  }
}

/** 兑换码 in the back office. */
@Controller()
@UseGuards(AdminGuard)
export class RedeemAdminController {
  constructor(private readonly batches: RedeemAdminService) {}

  @Serves('GET api/admin/get_redeem_batches.php')
  async list(@Query() query: RedeemBatchesQuery) {
    return { success: true, message: 'ok', data: await this.batches.list(query) };
  }

  @Serves('POST api/admin/create_redeem_batch.php')
  async create(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: CreateRedeemBatchDto,
  ) {
    const data = await this.batches.create({ adminId, ip }, body);
    return { success: true, message: `${data.count} codes generated`, data };
  }

  @Serves('POST api/admin/disable_redeem_batch.php')
  async disable(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: RedeemBatchIdDto,
  ) {
    const data = await this.batches.disable({ adminId, ip }, body.id);
    return { success: true, message: 'batch withdrawn', data };
  }

  /** The headers go on only once the CSV is made: a refusal stays a JSON envelope. */
  @Serves('GET api/admin/export_redeem_batch.php')
  async export(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Query() query: RedeemBatchIdDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const { name, csv } = await this.batches.exportCsv({ adminId, ip }, query.id);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store');
    return csv;
  }
}
