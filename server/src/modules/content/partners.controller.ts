import { Body, Controller, Ip, Req, UseGuards } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { Repository } from 'typeorm';
import { ContentEvents } from '../../common/content-events';
import type { Partner } from '../../contracts/content';
import { Partner as PartnerRow } from '../../database/entities';
import { AuditService } from '../audit';
import { AdminGuard, CurrentAdminId } from '../sessions';
import { SessionService } from '../sessions';
import {
  PartnerIdDto,
  SavePartnerDto,
  toPartnerValues,
  UpdatePartnerDto,
} from './dto/partner-admin.dto';
import { toPartner } from './dto/partner.response';
import { Showcase } from './showcase';
import { Serves } from '../../common/serves';

/** The partner list (public, with disabled rows for admins) and the admin's partner writes. */
@Controller()
export class PartnersController {
  private readonly partners: Showcase<PartnerRow, Partner>;

  constructor(
    @InjectRepository(PartnerRow) repo: Repository<PartnerRow>,
    events: ContentEvents,
    sessions: SessionService,
    audit: AuditService,
  ) {
    this.partners = new Showcase(repo, events, sessions, audit, {
      content: 'partners',
      target: 'partner',
      noun: 'partner',
      toView: toPartner,
    });
  }

  @Serves('GET api/admin/get_partners.php')
  list(@Req() request: FastifyRequest) {
    return this.partners.list(request);
  }

  @Serves('POST api/admin/add_partner.php')
  @UseGuards(AdminGuard)
  add(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: SavePartnerDto) {
    return this.partners.add({ adminId, ip }, toPartnerValues(body));
  }

  @Serves('POST api/admin/update_partner.php')
  @UseGuards(AdminGuard)
  update(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: UpdatePartnerDto) {
    return this.partners.update({ adminId, ip }, body.id, toPartnerValues(body));
  }

  @Serves('POST api/admin/delete_partner.php')
  @UseGuards(AdminGuard)
  remove(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: PartnerIdDto) {
    return this.partners.remove({ adminId, ip }, body.id);
  }
}
