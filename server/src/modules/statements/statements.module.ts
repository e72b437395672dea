import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions';
import { StatementsAdminController, StatementsController } from './statements.controller';
import { StatementsService } from './statements.service';

/** Monthly statements for users and the site's monthly totals, read from the ledger's rows. */
@Module({
  imports: [SessionsModule],
  controllers: [StatementsController, StatementsAdminController],
  providers: [StatementsService],
})
export class StatementsModule {}
