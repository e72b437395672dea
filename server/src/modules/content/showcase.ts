import type { FastifyRequest } from 'fastify';
import type { DeepPartial, ObjectLiteral, Repository } from 'typeorm';
import { AdminRecords } from '../audit';
import type { ContentEvents, ContentKind } from '../../common/content-events';
import type { AuditTarget } from '../../contracts/audit';
import { STATUS } from '../../contracts/envelope';
import type { DataEnvelope, Envelope } from '../../contracts/envelope';
import type { AuditActor, AuditService } from '../audit';
import type { SessionService } from '../sessions';

/**
 * Partners and ads are one thing twice: rows the admin adds, edits, orders and switches off, which
 * the site lists in order. Anyone may read the list (SPEC.md §6); only an admin session sees the
 * disabled rows.
 */
export class Showcase<Row extends ObjectLiteral & { id: number }, View> {
  private readonly records: AdminRecords<Row>;

  constructor(
    private readonly repo: Repository<Row>,
    events: ContentEvents,
    private readonly sessions: SessionService,
    audit: AuditService,
    /** What sets partners and ads apart: cache kind, audit target, name in messages, wire shape. */
    private readonly kind: {
      content: ContentKind;
      target: AuditTarget;
      noun: string;
      toView: (row: Row) => View;
    },
  ) {
    this.records = new AdminRecords(
      repo,
      events,
      kind.content,
      `${kind.noun} not found`,
      audit,
      kind.target,
    );
  }

  async list(request: FastifyRequest): Promise<DataEnvelope<View[]>> {
    const admin = (await this.sessions.peek(request, 'admin')) !== null;
    const query = this.repo
      .createQueryBuilder('row')
      .orderBy('row.sort_order', 'ASC')
      .addOrderBy('row.id', 'ASC');
    if (!admin) query.where('row.status = :enabled', { enabled: STATUS.enabled });
    const rows = await query.getMany();
    return { success: true, message: 'ok', data: rows.map(this.kind.toView) };
  }

  async add(actor: AuditActor, values: DeepPartial<Row>): Promise<DataEnvelope<View>> {
    return this.answer(await this.records.add(actor, values), 'added');
  }

  async update(
    actor: AuditActor,
    id: number,
    values: DeepPartial<Row>,
  ): Promise<DataEnvelope<View>> {
    return this.answer(await this.records.update(actor, id, values), 'updated');
  }

  async remove(actor: AuditActor, id: number): Promise<Envelope> {
    await this.records.remove(actor, id);
    return { success: true, message: `${this.kind.noun} deleted` };
  }

  private answer(row: Row, done: string): DataEnvelope<View> {
    return { success: true, message: `${this.kind.noun} ${done}`, data: this.kind.toView(row) };
  }
}
