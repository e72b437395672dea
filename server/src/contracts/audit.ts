import type { PositionedPage } from './envelope';

/** What an audit row is about. */
export const AUDIT_TARGETS = [
  'api',
  'partner',
  'ad',
  'sidebar_link',
  'friend_link',
  'config',
  'user',
  'admin',
  'recharge_order',
  'category',
  'oidc_provider',
  'redeem_batch',
  'referral_settings',
  'plan',
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** What the admin did. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'adjust_balance',
  'change_password',
  'assign_order',
  'dismiss_order',
  'reveal_key',
  'create_reset_link',
  'disable_two_factor',
  'enable_two_factor',
  'disable',
  'export_codes',
  'grant_credit',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One row of get_audit_log.php: before/after are the JSON values as they were written. */
export interface AuditEntry {
  id: number;
  admin_id: number;
  admin_username: string | null;
  action: AuditAction;
  target_type: AuditTarget;
  target_id: number | null;
  before: unknown;
  after: unknown;
  ip: string;
  created_at: string;
}

/** 操作日志's page: counted only so far past itself, and its last entry's position. */
export interface AuditPage extends PositionedPage {
  entries: AuditEntry[];
}

/** Filters of get_audit_log.php; from/to are 'YYYY-MM-DD' (UTC days, both included). */
export interface AuditQuery {
  page?: number;
  per_page?: number;
  admin?: string;
  target_type?: AuditTarget;
  action?: AuditAction;
  from?: string;
  to?: string;
  /** Where the page starts: the previous page's `next_before`. */
  before?: string;
}

/** POST change_password.php. */
export interface ChangePasswordBody {
  old_password: string;
  new_password: string;
}

/** The fields the admin's change_password.php reads, each of which a refusal may name. */
export const ADMIN_PASSWORD_FIELDS = [
  'old_password',
  'new_password',
] as const satisfies readonly (keyof ChangePasswordBody)[];
