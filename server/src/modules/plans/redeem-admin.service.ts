import { Inject, Injectable } from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Repository } from 'typeorm';
import { csvLine, UTF8_BOM } from '../../common/csv';
import { formatBalance, parseYuan } from '../../common/money';
import { pageInfo, pageSlice } from '../../common/paging';
import { seal, unseal } from '../../common/sealed';
import { MAX_CODE_VALUE_MILLI } from '../../contracts/redeem';
import type { RedeemBatchList, RedeemBatchView } from '../../contracts/redeem';
import { Plan, RedeemBatch, RedeemCode, Redemption } from '../../database/entities';
import { retriedTransaction } from '../../database/transactions';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { AuditService } from '../audit';
import type { AuditActor } from '../audit';
import { CreateRedeemBatchDto, RedeemBatchesQuery } from './dto/redeem.dto';
import { CODE_SEAL_PURPOSE, codeHasher, newCode } from './redeem-codes';
import { RedeemErrors } from './redeem.errors';

const CSV_HEADER = ['code', 'value', 'kind', 'uses', 'uses_per_code', 'expires_at', 'batch'];

/** Codes made and written per INSERT while a batch is generated, and unsealed per turn on export. */
const CODES_PER_INSERT = 200;

/** 兑换码: batches of codes generated, listed, exported as CSV and withdrawn, each write audited. */
@Injectable()
export class RedeemAdminService {
  private readonly hash: (code: string) => string;

  constructor(
    @Inject(ENV) private readonly env: Env,
    @InjectRepository(RedeemBatch) private readonly batches: Repository<RedeemBatch>,
    @InjectRepository(RedeemCode) private readonly codes: Repository<RedeemCode>,
    @InjectRepository(Redemption) private readonly redemptions: Repository<Redemption>,
    @InjectRepository(Plan) private readonly plans: Repository<Plan>,
    private readonly audit: AuditService,
  ) {
    this.hash = codeHasher(env.APP_SECRET);
  }

  /** A new batch and its codes, in one transaction with its audit row. */
  async create(actor: AuditActor, body: CreateRedeemBatchDto): Promise<RedeemBatchView> {
    const plan = body.kind === 'plan' ? await this.planOf(body) : null;
    const value = plan ? 0 : parseYuan(body.value ?? '');
    if (value === null || (!plan && (value === 0 || value > MAX_CODE_VALUE_MILLI))) {
      throw RedeemErrors.valueOutOfRange();
    }
    const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw RedeemErrors.pastExpiry();
    const creditDays = body.kind === 'credit' ? (body.credit_days ?? null) : null;
    if (body.kind === 'credit' && creditDays === null) throw RedeemErrors.creditDaysMissing();
    const codes = await this.newCodes(body.count);
    return retriedTransaction(this.batches.manager, async (manager) => {
      const saved = await manager.getRepository(RedeemBatch).save({
        name: body.name,
        kind: body.kind,
        value_milli: value,
        code_count: body.count,
        uses_per_code: body.uses_per_code,
        per_user_limit: body.per_user_limit,
        expires_at: expiresAt,
        credit_days: creditDays,
        plan_id: plan?.id ?? null,
        disabled_at: null,
        admin_id: actor.adminId,
      });
      // Plain multi-row INSERTs: on SQLite, where this transaction holds the loop, TypeORM's
      // builder took 340 ms over 10,000 rows and these take a tenth of that.
      for (let start = 0; start < codes.length; start += CODES_PER_INSERT) {
        const chunk = codes.slice(start, start + CODES_PER_INSERT);
        await manager.query(
          `INSERT INTO redeem_codes (batch_id, code_hash, code_sealed) VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')}`,
          chunk.flatMap((code) => [saved.id, code.code_hash, code.code_sealed]),
        );
      }
      const view = toView(saved, 0, plan?.name ?? null);
      await this.audit.record(
        actor,
        {
          action: 'create',
          target_type: 'redeem_batch',
          target_id: saved.id,
          after: auditOf(view),
        },
        manager,
      );
      return view;
    });
  }

  /** A plan code's plan: it must exist (listed or not); a value other than 0 is refused. */
  private async planOf(body: CreateRedeemBatchDto): Promise<Plan> {
    if (body.value !== undefined && parseYuan(body.value) !== 0) throw RedeemErrors.planValue();
    const plan = body.plan_id ? await this.plans.findOneBy({ id: body.plan_id }) : null;
    if (!plan) throw RedeemErrors.planMissing();
    return plan;
  }

  /**
   * Codes hashed and sealed a chunk per turn of the event loop (10,000 at once would hold it for
   * most of a second), before the transaction: on SQLite a TypeORM transaction holds the one
   * connection and must not give the loop a turn, or another request's writes would join it.
   */
  private async newCodes(count: number): Promise<Pick<RedeemCode, 'code_hash' | 'code_sealed'>[]> {
    const codes: Pick<RedeemCode, 'code_hash' | 'code_sealed'>[] = [];
    for (let start = 0; start < count; start += CODES_PER_INSERT) {
      if (start > 0) await nextTurn();
      for (let i = start; i < Math.min(start + CODES_PER_INSERT, count); i += 1) {
        const code = newCode();
        codes.push({
          code_hash: this.hash(code),
          code_sealed: seal(code, this.env.APP_SECRET, CODE_SEAL_PURPOSE),
        });
      }
    }
    return codes;
  }

  async list(query: RedeemBatchesQuery): Promise<RedeemBatchList> {
    const { skip, take } = pageSlice(query);
    const [rows, total] = await this.batches.findAndCount({ order: { id: 'DESC' }, skip, take });
    const planIds = [...new Set(rows.flatMap((row) => (row.plan_id ? [row.plan_id] : [])))];
    const [used, plans] = await Promise.all([
      this.redeemedCounts(rows.map((row) => row.id)),
      planIds.length > 0 ? this.plans.findBy({ id: In(planIds) }) : [],
    ]);
    const names = new Map(plans.map((plan) => [plan.id, plan.name]));
    return {
      batches: rows.map((row) =>
        toView(row, used.get(row.id) ?? 0, row.plan_id ? (names.get(row.plan_id) ?? null) : null),
      ),
      ...pageInfo(total, query),
    };
  }

  /** Withdraws a batch for good: none of its codes redeems again. */
  async disable(actor: AuditActor, id: number): Promise<RedeemBatchView> {
    return retriedTransaction(this.batches.manager, async (manager) => {
      const now = new Date();
      const result = await manager
        .getRepository(RedeemBatch)
        .update({ id, disabled_at: IsNull() }, { disabled_at: now });
      if (!result.affected) {
        const exists = await manager.getRepository(RedeemBatch).exists({ where: { id } });
        throw exists ? RedeemErrors.batchDisabled() : RedeemErrors.batchNotFound();
      }
      const row = await manager.getRepository(RedeemBatch).findOneByOrFail({ id });
      const plan = row.plan_id
        ? await manager.getRepository(Plan).findOneBy({ id: row.plan_id })
        : null;
      const view = toView(
        row,
        (await this.redeemedCounts([id], manager)).get(id) ?? 0,
        plan?.name ?? null,
      );
      await this.audit.record(
        actor,
        {
          action: 'disable',
          target_type: 'redeem_batch',
          target_id: id,
          before: { disabled_at: null },
          after: { disabled_at: view.disabled_at },
        },
        manager,
      );
      return view;
    });
  }

  /**
   * The batch's codes as CSV (UTF-8 with a BOM, for spreadsheets), with each code's uses so far.
   * Handing codes out is recorded in the audit log like a write.
   */
  async exportCsv(actor: AuditActor, id: number): Promise<{ name: string; csv: string }> {
    const batch = await this.batches.findOneBy({ id });
    if (!batch) throw RedeemErrors.batchNotFound();
    const codes = await this.codes.find({
      where: { batch_id: id },
      order: { id: 'ASC' },
      select: { id: true, code_sealed: true, uses: true },
    });
    const plan = batch.plan_id ? await this.plans.findOneBy({ id: batch.plan_id }) : null;
    const view = toView(batch, 0, plan?.name ?? null);
    const rows: string[] = [];
    for (const [index, code] of codes.entries()) {
      // Unsealing is CPU work: the loop gets a turn between chunks, as when the codes were made.
      if (index > 0 && index % CODES_PER_INSERT === 0) await nextTurn();
      rows.push(
        csvLine([
          unseal(code.code_sealed, this.env.APP_SECRET, CODE_SEAL_PURPOSE) ?? '',
          view.plan_name ?? view.value,
          view.kind,
          code.uses,
          view.uses_per_code,
          view.expires_at ?? '',
          view.name,
        ]),
      );
    }
    await retriedTransaction(this.batches.manager, (manager) =>
      this.audit.record(
        actor,
        {
          action: 'export_codes',
          target_type: 'redeem_batch',
          target_id: id,
          after: { codes: codes.length },
        },
        manager,
      ),
    );
    return {
      name: `redeem-codes-${id}.csv`,
      csv: UTF8_BOM + csvLine(CSV_HEADER) + rows.join(''),
    };
  }

  private async redeemedCounts(ids: number[], manager = this.redemptions.manager) {
    if (ids.length === 0) return new Map<number, number>();
    const rows = await manager
      .getRepository(Redemption)
      .createQueryBuilder('r')
      .select('r.batch_id', 'batch_id')
      .addSelect('COUNT(*)', 'n')
      .where({ batch_id: In(ids) })
      .groupBy('r.batch_id')
      .getRawMany<{ batch_id: number; n: number | string }>();
    return new Map(rows.map((row) => [Number(row.batch_id), Number(row.n)]));
  }
}

function toView(row: RedeemBatch, redeemed: number, planName: string | null): RedeemBatchView {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    value: formatBalance(Number(row.value_milli)),
    count: row.code_count,
    uses_per_code: row.uses_per_code,
    per_user_limit: row.per_user_limit,
    expires_at: row.expires_at?.toISOString() ?? null,
    credit_days: row.credit_days,
    plan_id: row.plan_id,
    plan_name: planName,
    disabled_at: row.disabled_at?.toISOString() ?? null,
    redeemed,
    redeemed_amount: formatBalance(redeemed * Number(row.value_milli)),
    created_at: row.created_at.toISOString(),
  };
}

/** What the audit log keeps of a new batch: its terms, never a code. */
const auditOf = (view: RedeemBatchView) => ({
  name: view.name,
  kind: view.kind,
  value: view.value,
  count: view.count,
  uses_per_code: view.uses_per_code,
  per_user_limit: view.per_user_limit,
  expires_at: view.expires_at,
  credit_days: view.credit_days,
  plan_id: view.plan_id,
});
