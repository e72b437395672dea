import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { notFound } from '../../common/app-error';
import { ContentEvents } from '../../common/content-events';
import { SiteConfig } from '../../database/entities';
import type { UpdateConfigDto } from './dto/config-admin.dto';

@Injectable()
export class SiteConfigService {
  constructor(
    @InjectRepository(SiteConfig) private readonly configs: Repository<SiteConfig>,
    private readonly events: ContentEvents,
  ) {}

  /** The settings row, for the admin: its absence means a damaged database. */
  async load(): Promise<SiteConfig> {
    const row = await this.find();
    if (!row) throw notFound('admin.record_not_found', 'site config not found');
    return row;
  }

  async update(values: UpdateConfigDto): Promise<SiteConfig> {
    const saved = await this.configs.save(this.configs.merge(await this.load(), values));
    this.events.changed('config');
    return saved;
  }

  /** The single settings row (the seed always creates it; null only on a damaged database). */
  find(): Promise<SiteConfig | null> {
    return this.configs.findOne({ where: {}, order: { id: 'ASC' } });
  }
}
