import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Ad } from '../../database/entities';

@Injectable()
export class AdsService {
  constructor(@InjectRepository(Ad) private readonly ads: Repository<Ad>) {}

  /** In display order; disabled ones only for the admin view. */
  list(includeDisabled: boolean): Promise<Ad[]> {
    return this.ads.find({
      where: includeDisabled ? {} : { status: 1 },
      order: { sort_order: 'ASC', id: 'ASC' },
    });
  }
}
