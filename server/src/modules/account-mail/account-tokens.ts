import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Repository } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { ACCOUNT_TOKEN_PATTERN } from '../../contracts/account-email';
import { AccountToken } from '../../database/entities';
import { isUniqueViolation } from '../../database/transactions';
import type { AccountTokenPurpose } from '../../database/entities/account-token.entity';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** Purposes of which a user holds one live token: a new link makes the older ones void. */
const ONE_LIVE: ReadonlySet<AccountTokenPurpose> = new Set(['password_reset', 'email_change']);

/**
 * Single-use tokens: mailed links, and the second step of a sign-in. Only hashes are stored; a
 * user holds at most one live link per purpose (a new one ends the older ones; sign-ins on two
 * devices at once each keep theirs), and redeeming is one conditional UPDATE, so two requests
 * with the same token cannot both succeed.
 */
@Injectable()
export class AccountTokens {
  constructor(@InjectRepository(AccountToken) private readonly tokens: Repository<AccountToken>) {}

  /** A new token for the user, ending the user's other live links of that purpose. */
  async issue(
    manager: EntityManager,
    userId: number,
    purpose: AccountTokenPurpose,
    lifetimeMs: number,
    email: string | null = null,
  ): Promise<{ token: string; expiresAt: Date }> {
    const now = new Date();
    if (ONE_LIVE.has(purpose)) await this.endLive(manager, userId, purpose, now);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + lifetimeMs);
    await manager.insert(AccountToken, {
      user_id: userId,
      purpose,
      token_hash: hashOf(token),
      email,
      expires_at: expiresAt,
      used_at: null,
    });
    return { token, expiresAt };
  }

  /** The live (unused, unexpired) token of that purpose, or null: malformed, unknown, used or expired. */
  async live(purpose: AccountTokenPurpose, token: unknown): Promise<AccountToken | null> {
    if (typeof token !== 'string' || !ACCOUNT_TOKEN_PATTERN.test(token)) return null;
    return this.tokens.findOneBy({
      token_hash: hashOf(token),
      purpose,
      used_at: IsNull(),
      expires_at: MoreThan(new Date()),
    });
  }

  /** The user's live token of that purpose, newest first, or null. */
  latest(userId: number, purpose: AccountTokenPurpose): Promise<AccountToken | null> {
    return this.tokens.findOne({
      where: { user_id: userId, purpose, used_at: IsNull(), expires_at: MoreThan(new Date()) },
      order: { id: 'DESC' },
    });
  }

  /** The user's newest token of that purpose, used or expired or not, or null. */
  lastIssued(userId: number, purpose: AccountTokenPurpose): Promise<AccountToken | null> {
    return this.tokens.findOne({ where: { user_id: userId, purpose }, order: { id: 'DESC' } });
  }

  /** Marks the token used; false when another request used it first or it expired meanwhile. */
  async redeem(manager: EntityManager, row: AccountToken): Promise<boolean> {
    const now = new Date();
    const result = await manager.update(
      AccountToken,
      { id: row.id, used_at: IsNull(), expires_at: MoreThan(now) },
      { used_at: now },
    );
    return result.affected === 1;
  }

  /**
   * Records a one-time value handed out without a row (a signed passkey challenge) as used:
   * false when it was recorded already, so only one of two answers to it goes through.
   */
  async spend(
    manager: EntityManager,
    userId: number,
    purpose: AccountTokenPurpose,
    value: string,
    lifetimeMs: number,
  ): Promise<boolean> {
    const now = new Date();
    try {
      await manager.insert(AccountToken, {
        user_id: userId,
        purpose,
        token_hash: hashOf(value),
        email: null,
        expires_at: new Date(now.getTime() + lifetimeMs),
        used_at: now,
      });
      return true;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  /** Ends the user's live tokens of that purpose (a new password makes old reset links void). */
  async endLive(
    manager: EntityManager,
    userId: number,
    purpose: AccountTokenPurpose,
    now = new Date(),
  ): Promise<void> {
    await manager.update(
      AccountToken,
      { user_id: userId, purpose, used_at: IsNull() },
      { used_at: now },
    );
  }
}
