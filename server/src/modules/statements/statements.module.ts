import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions';
import { StatementsAdminController, StatementsController } from './statements.controller';
import { RollupJob } from './rollup-job';
import { StatementsService } from './statements.service';

/**
 * Monthly statements for users and the site's monthly totals, read from the ledger's daily
 * rollups (which RollupJob keeps up) and the raw rows after them.
 */
@Module({
  imports: [SessionsModule],
  controllers: [StatementsController, StatementsAdminController],
  providers: [StatementsService, RollupJob],
})
export class StatementsModule {}
