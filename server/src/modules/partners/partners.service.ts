import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Partner } from '../../database/entities';

@Injectable()
export class PartnersService {
  constructor(@InjectRepository(Partner) private readonly partners: Repository<Partner>) {}

  /** In display order; disabled ones only for the admin view. */
  list(includeDisabled: boolean): Promise<Partner[]> {
    return this.partners.find({
      where: includeDisabled ? {} : { status: 1 },
      order: { sort_order: 'ASC', id: 'ASC' },
    });
  }
}
