import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { Flag, IntLike, OptionalNotNull, Trimmed } from '../../../common/admin-input';
import { EMAIL_PATTERN } from '../../../contracts/account-email';
import { WEBHOOK_URL_MAX } from '../../../contracts/usage';
import type { SiteConfig } from '../../../database/entities';
import {
  HEALTH_SETTING_LIMITS,
  SITE_CONFIG_RULES,
  type AdminSiteConfig,
  type SiteConfigBody,
} from '../../../contracts/site';
import type { Accepts } from '../../../common/validation';

const tooLong = (field: string, max: number) => ({
  message: `${field} is too long (max ${max} characters)`,
});

/** update_config.php: every field optional; what is sent replaces the stored value. */
export class UpdateConfigDto {
  @OptionalNotNull()
  @MaxLength(200, tooLong('site title', 200))
  @IsString({ message: 'site title must be text' })
  site_title?: string;

  @OptionalNotNull()
  @MaxLength(500, tooLong('site keywords', 500))
  @IsString({ message: 'site keywords must be text' })
  site_keywords?: string;

  @OptionalNotNull()
  @MaxLength(1000, tooLong('site description', 1000))
  @IsString({ message: 'site description must be text' })
  site_description?: string;

  @OptionalNotNull()
  @ValidateIf((_, value) => value !== '')
  @Matches(SITE_CONFIG_RULES.favicon, { message: SITE_CONFIG_RULES.faviconMessage })
  @MaxLength(500, tooLong('favicon URL', 500))
  @IsString({ message: 'favicon URL must be text' })
  site_favicon?: string;

  /** Empty, or the site's own absolute address (links that leave the app use it). */
  @OptionalNotNull()
  @ValidateIf((_, value) => value !== '')
  @Matches(SITE_CONFIG_RULES.siteUrl, { message: SITE_CONFIG_RULES.siteUrlMessage })
  @MaxLength(500, tooLong('site URL', 500))
  @IsString({ message: 'site URL must be text' })
  site_url?: string;

  @OptionalNotNull()
  @MaxLength(500, tooLong('copyright', 500))
  @IsString({ message: 'copyright must be text' })
  copyright?: string;

  @OptionalNotNull()
  @MaxLength(500, tooLong('English copyright', 500))
  @IsString({ message: 'English copyright must be text' })
  copyright_en?: string;

  @OptionalNotNull()
  @MaxLength(100, tooLong('ICP number', 100))
  @IsString({ message: 'ICP number must be text' })
  icp?: string;

  @OptionalNotNull()
  @MaxLength(20000, tooLong('analytics code', 20000))
  @IsString({ message: 'analytics code must be text' })
  analytics_code?: string;

  @OptionalNotNull()
  @MaxLength(20000, tooLong('home notice', 20000))
  @IsString({ message: 'home notice must be text' })
  home_notice?: string;

  @OptionalNotNull()
  @MaxLength(20000, tooLong('English home notice', 20000))
  @IsString({ message: 'English home notice must be text' })
  home_notice_en?: string;

  @OptionalNotNull()
  @IsIn([0, 1], { message: 'e-mail verification must be 0 or 1' })
  @Flag()
  email_verification?: 0 | 1;

  @OptionalNotNull()
  @IsIn([0, 1], { message: 'requiring two-factor of administrators must be 0 or 1' })
  @Flag()
  admin_two_factor_required?: 0 | 1;

  @OptionalNotNull()
  @IntLike()
  @Min(HEALTH_SETTING_LIMITS.health_degraded_success[0], between('health_degraded_success'))
  @Max(HEALTH_SETTING_LIMITS.health_degraded_success[1], between('health_degraded_success'))
  @IsInt(between('health_degraded_success'))
  health_degraded_success?: number;

  @OptionalNotNull()
  @IntLike()
  @Min(HEALTH_SETTING_LIMITS.health_degraded_p95_ms[0], between('health_degraded_p95_ms'))
  @Max(HEALTH_SETTING_LIMITS.health_degraded_p95_ms[1], between('health_degraded_p95_ms'))
  @IsInt(between('health_degraded_p95_ms'))
  health_degraded_p95_ms?: number;

  @OptionalNotNull()
  @IntLike()
  @Min(HEALTH_SETTING_LIMITS.health_down_success[0], between('health_down_success'))
  @Max(HEALTH_SETTING_LIMITS.health_down_success[1], between('health_down_success'))
  @IsInt(between('health_down_success'))
  health_down_success?: number;

  @OptionalNotNull()
  @IntLike()
  @Min(HEALTH_SETTING_LIMITS.health_down_probe_failures[0], between('health_down_probe_failures'))
  @Max(HEALTH_SETTING_LIMITS.health_down_probe_failures[1], between('health_down_probe_failures'))
  @IsInt(between('health_down_probe_failures'))
  health_down_probe_failures?: number;

  @OptionalNotNull()
  @IsIn([0, 1], { message: 'automatic maintenance must be 0 or 1' })
  @Flag()
  health_auto_maintenance?: 0 | 1;

  @OptionalNotNull()
  @Trimmed()
  @ValidateIf((_, value) => value !== '')
  @Matches(EMAIL_PATTERN, { message: 'the alert e-mail address is not valid' })
  @MaxLength(254, tooLong('alert e-mail address', 254))
  @IsString({ message: 'the alert e-mail address must be text' })
  health_alert_email?: string;

  /** Checked further (http(s), no private address) in the controller, as a user's alert URL is. */
  @OptionalNotNull()
  @Trimmed()
  @MaxLength(WEBHOOK_URL_MAX, tooLong('alert webhook URL', WEBHOOK_URL_MAX))
  @IsString({ message: 'the alert webhook URL must be text' })
  health_alert_webhook_url?: string;
}

function between(field: keyof typeof HEALTH_SETTING_LIMITS) {
  const [min, max] = HEALTH_SETTING_LIMITS[field];
  return { message: `${field} must be a whole number from ${min} to ${max}` };
}

export const toAdminConfig = (row: SiteConfig, mailEnabled: boolean): AdminSiteConfig => ({
  site_title: row.site_title,
  site_keywords: row.site_keywords,
  site_description: row.site_description,
  site_favicon: row.site_favicon,
  site_url: row.site_url,
  copyright: row.copyright,
  copyright_en: row.copyright_en,
  icp: row.icp,
  analytics_code: row.analytics_code,
  home_notice: row.home_notice,
  home_notice_en: row.home_notice_en ?? '',
  email_verification: row.email_verification === 1 ? 1 : 0,
  admin_two_factor_required: row.admin_two_factor_required === 1 ? 1 : 0,
  health_degraded_success: row.health_degraded_success,
  health_degraded_p95_ms: row.health_degraded_p95_ms,
  health_down_success: row.health_down_success,
  health_down_probe_failures: row.health_down_probe_failures,
  health_auto_maintenance: row.health_auto_maintenance === 1 ? 1 : 0,
  health_alert_email: row.health_alert_email,
  health_alert_webhook_url: row.health_alert_webhook_url,
  health_alert_webhook_secret: row.health_alert_webhook_secret,
  mail_enabled: mailEnabled,
  site_start_time: row.site_start_time.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** The contract's save bodies, which the client sends, are ones these DTOs read. */
export type UpdateConfigDtoReads = Accepts<UpdateConfigDto, SiteConfigBody>;
