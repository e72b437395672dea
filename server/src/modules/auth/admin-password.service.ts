import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { Repository } from 'typeorm';
import { AppError } from '../../common/app-error';
import { Admin } from '../../database/entities';
import { AuditService } from '../audit';
import type { AuditActor } from '../audit';
import type { ChangePasswordDto } from './dto/change-password.dto';
import { hashPassword, verifyPassword } from '../../common/passwords';
import { retriedTransaction } from '../../database/transactions';
import { SessionService } from '../sessions';

/**
 * An admin changes their own password; their other sessions end, this one stays. The three
 * writes (password, sessions, audit row) commit together.
 */
@Injectable()
export class AdminPasswordService {
  constructor(
    @InjectRepository(Admin) private readonly admins: Repository<Admin>,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
  ) {}

  async change(actor: AuditActor, request: FastifyRequest, body: ChangePasswordDto) {
    const admin = await this.admins.findOneByOrFail({ id: actor.adminId });
    if (!(await verifyPassword(admin.password_hash, body.old_password))) {
      throw new AppError(
        'request.validation',
        'the current password is incorrect',
        HttpStatus.BAD_REQUEST,
        {},
        'old_password',
      );
    }
    const passwordHash = await hashPassword(body.new_password);
    await retriedTransaction(this.admins.manager, async (manager) => {
      await manager.update(Admin, { id: admin.id }, { password_hash: passwordHash });
      await this.sessions.endOthers(request, 'admin', admin.id, manager);
      await this.audit.record(
        actor,
        { action: 'change_password', target_type: 'admin', target_id: admin.id },
        manager,
      );
    });
  }
}
