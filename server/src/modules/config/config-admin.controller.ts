import { Body, Controller, HttpStatus, Ip, UseGuards } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { Mailer } from '../mail';
import { AdminGuard, CurrentAdminId } from '../sessions';
import { toAdminConfig, UpdateConfigDto } from './dto/config-admin.dto';
import { SiteConfigService } from './site-config.service';
import { Serves } from '../../common/serves';

@Controller()
@UseGuards(AdminGuard)
export class ConfigAdminController {
  constructor(
    private readonly config: SiteConfigService,
    private readonly mailer: Mailer,
  ) {}

  @Serves('GET api/admin/get_config.php')
  async get() {
    const data = toAdminConfig(await this.config.load(), this.mailer.configured);
    return { success: true, message: 'ok', data };
  }

  /** E-mail verification cannot be turned on while the site cannot send the links. */
  @Serves('POST api/admin/update_config.php')
  async update(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: UpdateConfigDto) {
    if (body.email_verification === 1 && !this.mailer.configured) {
      throw new AppError(
        'admin.mail_not_configured',
        '未配置邮件发送（SMTP_URL），不能开启注册邮箱验证',
        HttpStatus.BAD_REQUEST,
        {},
        'email_verification',
      );
    }
    const saved = await this.config.update({ adminId, ip }, body);
    const data = toAdminConfig(saved, this.mailer.configured);
    return { success: true, message: 'site config updated', data };
  }
}
