import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { notFound } from '../../common/app-error';
import { ContentEvents } from '../../common/content-events';
import { SiteConfig } from '../../database/entities';
import { retriedTransaction } from '../../database/transactions';
import { AuditService } from '../audit';
import type { AuditActor } from '../audit';
import type { UpdateConfigDto } from './dto/config-admin.dto';

@Injectable()
export class SiteConfigService {
  constructor(
    @InjectRepository(SiteConfig) private readonly configs: Repository<SiteConfig>,
    private readonly events: ContentEvents,
    private readonly audit: AuditService,
  ) {}

  /** The settings row, for the admin: its absence means a damaged database. */
  async load(): Promise<SiteConfig> {
    const row = await this.find();
    if (!row) throw notFound('admin.record_not_found', 'site config not found');
    return row;
  }

  async update(actor: AuditActor, values: UpdateConfigDto): Promise<SiteConfig> {
    const row = await this.load();
    const before = { ...row };
    const saved = await retriedTransaction(this.configs.manager, async (manager) => {
      const after = await manager.save(this.configs.merge(row, values));
      await this.audit.record(
        actor,
        { action: 'update', target_type: 'config', target_id: after.id, before, after },
        manager,
      );
      return after;
    });
    await this.events.changed('config');
    return saved;
  }

  /** The single settings row (the seed always creates it; null only on a damaged database). */
  find(): Promise<SiteConfig | null> {
    return this.configs.findOne({ where: {}, order: { id: 'ASC' } });
  }
}
