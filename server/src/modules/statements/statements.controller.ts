import { Controller, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Serves } from '../../common/serves';
import { AdminGuard, CurrentUserId, UserGuard } from '../sessions';
import { StatementQuery, UserStatementQuery } from './dto/statement.query';
import { StatementsService } from './statements.service';

/** A user's monthly statements: the page's figures and their CSV. */
@Controller()
@UseGuards(UserGuard)
export class StatementsController {
  constructor(private readonly statements: StatementsService) {}

  @Serves('GET api/user/get_monthly_statement.php')
  async month(@CurrentUserId() userId: number, @Query() query: StatementQuery) {
    const data = await this.statements.userMonth(userId, query.month);
    return { success: true, message: 'ok', data };
  }

  @Serves('GET api/user/export_monthly_statement.php')
  async exportMonth(
    @CurrentUserId() userId: number,
    @Query() query: StatementQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const statement = await this.statements.userMonth(userId, query.month);
    const lang = reply.request.cookies.lang === 'zh' ? 'zh' : 'en';
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="portico-statement-${statement.month}.csv"`,
      )
      .header('cache-control', 'no-store');
    return this.statements.csv(statement, lang);
  }
}

/** 月度账单 in the back office: one user's month, and the whole site's for bookkeeping. */
@Controller()
@UseGuards(AdminGuard)
export class StatementsAdminController {
  constructor(private readonly statements: StatementsService) {}

  @Serves('GET api/admin/get_user_statement.php')
  async userMonth(@Query() query: UserStatementQuery) {
    const data = await this.statements.userMonth(query.user_id, query.month);
    return { success: true, message: 'ok', data };
  }

  @Serves('GET api/admin/get_site_statement.php')
  async siteMonth(@Query() query: StatementQuery) {
    return { success: true, message: 'ok', data: await this.statements.siteMonth(query.month) };
  }
}
