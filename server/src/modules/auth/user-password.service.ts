import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { Repository } from 'typeorm';
import { AppError } from '../../common/app-error';
import { passwordLengthError } from '../../contracts/users';
import { User } from '../../database/entities';
import type { UserChangePasswordDto } from './dto/user-change-password.dto';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from '../../common/passwords';
import { retriedTransaction } from '../../database/transactions';
import { SessionService } from '../sessions';

/**
 * A user changes their own password. A wrong current password counts as a failed login of that
 * account from that address (the same lock-out), so a stolen session cannot guess it freely.
 * The new hash and the end of every other session commit together; this session stays.
 */
@Injectable()
export class UserPasswordService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly sessions: SessionService,
    private readonly auth: AuthService,
    private readonly throttle: LoginThrottle,
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
    const attempt = { scope: 'user' as const, username: user.username, ip: request.ip };
    await this.auth.admit(attempt);
    if (!(await verifyPassword(user.password_hash, body.current_password))) {
      throw new AppError(
        'auth.current_password_wrong',
        'the current password is incorrect',
        HttpStatus.BAD_REQUEST,
        {},
        'current_password',
      );
    }
    await this.throttle.succeeded(attempt);
    const passwordHash = await hashPassword(body.new_password);
    await retriedTransaction(this.users.manager, async (manager) => {
      await manager.update(User, { id: user.id }, { password_hash: passwordHash });
      await this.sessions.endOthers(request, 'user', user.id, manager);
    });
  }
}
