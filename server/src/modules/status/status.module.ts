import { Module } from '@nestjs/common';
import { StatusController } from './status.controller';
import { StatusService } from './status.service';

/** The public status page's figures, feed and badges (the figures are api-health's). */
@Module({
  controllers: [StatusController],
  providers: [StatusService],
})
export class StatusModule {}
