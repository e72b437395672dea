import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { Repository } from 'typeorm';
import { AppError } from '../../common/app-error';
import { passwordLengthError } from '../../contracts/users';
import { User } from '../../database/entities';
import type { UserChangePasswordDto } from './dto/user-change-password.dto';
import { AuthService } from './auth.service';
import { hashPassword } from '../../common/passwords';
import { retriedTransaction } from '../../database/transactions';
import { AccountMail } from '../account-mail';
import { SessionService } from '../sessions';

/**
 * A user changes their own password, confirming the current one (AuthService's lock-out). The
 * new hash and the end of every other session commit together; this session stays. The owner's
 * confirmed address is told.
 */
@Injectable()
export class UserPasswordService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly sessions: SessionService,
    private readonly auth: AuthService,
    private readonly mail: AccountMail,
  ) {}

  async change(userId: number, request: FastifyRequest, body: UserChangePasswordDto) {
    const user = await this.users.findOneBy({ id: userId });
    if (!user || user.status !== 1) {
      throw new AppError('auth.unauthenticated', 'please log in first', HttpStatus.UNAUTHORIZED);
    }
    const length = passwordLengthError(body.new_password);
    if (length) {
      throw new AppError(length.code, length.message, HttpStatus.BAD_REQUEST, {}, 'new_password');
    }
    await this.auth.confirmCurrentPassword(user, body.current_password, request.ip);
    const passwordHash = await hashPassword(body.new_password);
    await retriedTransaction(this.users.manager, async (manager) => {
      await manager.update(User, { id: user.id }, { password_hash: passwordHash });
      await this.sessions.endOthers(request, 'user', user.id, manager);
    });
    await this.mail.notify(request, user, (link) => ({
      kind: 'password_changed',
      resetLink: link,
    }));
  }
}
