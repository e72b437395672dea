import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LessThanOrEqual, Repository } from 'typeorm';
import { DEVICE_COOKIE, DEVICE_ID, deviceHash } from '../../common/device-cookie';
import { User, UserDevice } from '../../database/entities';
import { isUniqueViolation } from '../../database/transactions';
import { AccountMail } from '../account-mail';
import { SessionService } from '../sessions';
import { deviceName } from './device';

const COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
/** The browsers remembered per account; older ones count as new again. */
export const MAX_DEVICES = 50;

/**
 * "New sign-in to your account": each browser carries a random id in a cookie; a sign-in from a
 * browser the account has not signed in from before mails its confirmed address (device, IP, a
 * reset link) unless the user turned the notices off. The account's first browser is not news.
 */
@Injectable()
export class NewDeviceNotices {
  private readonly logger = new Logger('NewDeviceNotices');

  constructor(
    @InjectRepository(UserDevice) private readonly devices: Repository<UserDevice>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly sessions: SessionService,
    private readonly mail: AccountMail,
  ) {}

  /**
   * After a sign-in: remembers the browser, and mails the owner when it is a new one. A failure
   * here is logged and never undoes the sign-in.
   */
  async signedIn(request: FastifyRequest, reply: FastifyReply, user: User): Promise<void> {
    try {
      await this.remember(request, reply, user);
    } catch (error) {
      this.logger.warn(`new-device check for ${user.username} failed: ${String(error)}`);
    }
  }

  private async remember(request: FastifyRequest, reply: FastifyReply, user: User): Promise<void> {
    let id = request.cookies[DEVICE_COOKIE];
    if (!id || !DEVICE_ID.test(id)) {
      id = randomBytes(32).toString('base64url');
      void reply.setCookie(DEVICE_COOKIE, id, {
        path: '/',
        sameSite: 'lax',
        secure: this.sessions.secureCookies(request),
        httpOnly: true,
        maxAge: COOKIE_MAX_AGE_S,
      });
    }
    const hash = deviceHash(id);
    if (await this.devices.existsBy({ user_id: user.id, device_hash: hash })) return;
    const knownBefore = await this.devices.existsBy({ user_id: user.id });
    try {
      await this.devices.insert({ user_id: user.id, device_hash: hash });
    } catch (e) {
      // The same browser signing in twice at once: the other sign-in has it.
      if (isUniqueViolation(e)) return;
      throw e;
    }
    await this.prune(user.id);
    if (!knownBefore || user.notify_new_sign_in !== 1) return;
    await this.mail.notify(request, user, (resetLink) => ({
      kind: 'new_sign_in',
      device: deviceName(request.headers['user-agent'] ?? null),
      ip: request.ip,
      resetLink,
    }));
  }

  async setEnabled(userId: number, enabled: boolean): Promise<void> {
    await this.users.update({ id: userId }, { notify_new_sign_in: enabled ? 1 : 0 });
  }

  /** Forgets the account's browsers beyond the newest MAX_DEVICES. */
  private async prune(userId: number): Promise<void> {
    const [newestForgotten] = await this.devices.find({
      where: { user_id: userId },
      select: { id: true },
      order: { id: 'DESC' },
      skip: MAX_DEVICES,
      take: 1,
    });
    if (newestForgotten) {
      await this.devices.delete({ user_id: userId, id: LessThanOrEqual(newestForgotten.id) });
    }
  }
}
