import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { RechargeService } from './recharge.service';

/** Afdian's server calls this; it carries no session and is exempt from CSRF (see CsrfService). */
@Controller('api/afdian')
export class AfdianWebhookController {
  constructor(private readonly recharge: RechargeService) {}

  /** Afdian retries until it reads ec 200, which it gets once the order is safely recorded. */
  @Post('webhook')
  @HttpCode(200)
  async webhook(@Body() body: Record<string, unknown>) {
    await this.recharge.webhook(body);
    return { ec: 200, em: '' };
  }
}
