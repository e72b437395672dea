import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SiteConfig } from '../../database/entities';

@Injectable()
export class SiteConfigService {
  constructor(@InjectRepository(SiteConfig) private readonly configs: Repository<SiteConfig>) {}

  /** The single settings row (the seed always creates it; null only on a damaged database). */
  find(): Promise<SiteConfig | null> {
    return this.configs.findOne({ where: {}, order: { id: 'ASC' } });
  }
}
