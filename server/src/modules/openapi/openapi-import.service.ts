import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { setImmediate as turn } from 'node:timers/promises';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import type { Agent } from 'undici';
import { conflict } from '../../common/app-error';
import { ContentEvents } from '../../common/content-events';
import type { ImportPreview, SkippedOperation } from '../../contracts/openapi';
import { inItsLanguage } from '../../contracts/list-fields';
import { ApiEntry } from '../../database/entities';
import { ENV, type Env } from '../../env/env';
import { webhookAgent } from '../alerts';
import { isUniqueViolation, retriedTransaction } from '../../database/transactions';
import { AuditService } from '../audit';
import type { AuditActor } from '../audit';
import { normalizeRequestParams, normalizeResponseParams, normalizeStatusCodes } from '../apis';
import { ImportDecision, toImportPreview } from './dto/import-preview.response';
import type { ApiDraft, ImportPlan } from './import-operations';
import { DOCUMENT_FETCH_TIMEOUT_MS, fetchDocument } from './document-url';
import { ParserWorker } from './parser-worker';

/** The columns an import writes, and compares to decide between update and unchanged. */
const IMPORTED_COLUMNS = [
  'name',
  'name_en',
  'description',
  'description_en',
  'request_method',
  'request_format',
  'request_params',
  'response_params',
  'status_codes',
  'response_format',
  'response_example',
  'upstream_url',
] as const;

type ImportedColumns = Pick<ApiEntry, (typeof IMPORTED_COLUMNS)[number]>;

/** Stored exactly as the admin form stores them, so a re-import compares equal. */
function columnsOf(draft: ApiDraft): ImportedColumns {
  return {
    name: draft.name,
    name_en: draft.name_en,
    description: draft.description,
    description_en: draft.description,
    request_method: draft.method,
    request_format: draft.request_format,
    request_params: normalizeRequestParams(draft.request_params.map(inItsLanguage)),
    response_params: normalizeResponseParams(draft.response_params.map(inItsLanguage)),
    status_codes: normalizeStatusCodes(draft.status_codes.map(inItsLanguage)),
    response_format: draft.response_format,
    response_example: draft.response_example,
    upstream_url: draft.upstream_url,
  };
}

interface Outcome {
  /** `row`: the API of the same name, as it was before the import. */
  decisions: (ImportDecision & { columns: ImportedColumns; row?: ApiEntry })[];
  skipped: SkippedOperation[];
}

/**
 * Imports an OpenAPI document into the catalogue: one API per operation, served by the document's
 * upstream. A dry run only answers what would happen; otherwise the whole document is applied in
 * one transaction, with one audit row per API created or changed (a row that cannot be written
 * rolls the whole import back). New APIs start disabled and free so the admin can price them
 * before anyone calls them; updates change only what the document describes (never status, price
 * or flags).
 */
@Injectable()
export class OpenApiImportService implements OnModuleDestroy {
  private readonly parser = new ParserWorker();
  /** Fetches documents under the alert webhooks' address rules. */
  private readonly agent: Agent;

  constructor(
    @InjectRepository(ApiEntry) private readonly apis: Repository<ApiEntry>,
    private readonly events: ContentEvents,
    private readonly audit: AuditService,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.agent = webhookAgent(env.ALERT_WEBHOOK_ALLOW_LOOPBACK, DOCUMENT_FETCH_TIMEOUT_MS);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.parser.close(), this.agent.close()]);
  }

  /** Imports the document at a public https:// URL (fetchDocument), as `import` does. */
  async importFrom(actor: AuditActor, url: string, dryRun: boolean): Promise<ImportPreview> {
    const document = await fetchDocument(url, this.agent, this.env.ALERT_WEBHOOK_ALLOW_LOOPBACK);
    return this.import(actor, document, dryRun);
  }

  async import(
    actor: AuditActor,
    document: string | Buffer,
    dryRun: boolean,
  ): Promise<ImportPreview> {
    const plan = await this.parser.plan(document);
    if (dryRun) {
      const { decisions, skipped } = await decide(plan, await this.apis.find());
      return toImportPreview(decisions, skipped, true);
    }
    let outcome: Outcome;
    try {
      outcome = await retriedTransaction(this.apis.manager, async (manager) => {
        const decided = await decide(plan, await manager.find(ApiEntry));
        for (const decision of decided.decisions) {
          if (decision.action === 'unchanged') continue;
          const id = await write(manager, decision);
          decision.id = id;
          await this.audit.record(
            actor,
            {
              action: decision.action,
              target_type: 'api',
              target_id: id,
              before: decision.row,
              after: await manager.findOneByOrFail(ApiEntry, { id }),
            },
            manager,
          );
        }
        return decided;
      });
    } catch (error) {
      // Another write took one of the names between the read and the insert.
      if (isUniqueViolation(error)) {
        throw conflict('apis.name_taken', '英文名刚被其他接口占用，请刷新后重新导入');
      }
      throw error;
    }
    if (outcome.decisions.some(({ action }) => action !== 'unchanged')) {
      await this.events.changed('apis');
    }
    return toImportPreview(outcome.decisions, outcome.skipped, false);
  }
}

/** Creates or updates the decision's API; answers its id. */
async function write(manager: EntityManager, decision: Outcome['decisions'][number]) {
  if (decision.action === 'create') {
    const { identifiers } = await manager.insert(ApiEntry, {
      ...decision.columns,
      endpoint: `/apis/${decision.draft.name_en}`,
      example_url: `/apis/${decision.draft.name_en}`,
      php_example: '',
      status: 0,
      is_paid: 0,
      is_pinned: 0,
      price_per_call_milli: 0,
      usage_count: 0,
      handler: null,
    });
    return Number(identifiers[0]?.id);
  }
  const id = decision.row!.id;
  const changed = Object.fromEntries(
    decision.changed.map((column) => [column, decision.columns[column as keyof ImportedColumns]]),
  );
  await manager.update(ApiEntry, { id }, changed);
  return id;
}

/** How many drafts are compared between turns of the event loop (GitHub's has 1,134). */
const DRAFTS_PER_TURN = 100;

/** Matches each draft with the API of the same English name (any case), if there is one. */
async function decide(plan: ImportPlan, existing: ApiEntry[]): Promise<Outcome> {
  const byName = new Map(existing.map((row) => [row.name_en.toLowerCase(), row]));
  const outcome: Outcome = { decisions: [], skipped: [...plan.skipped] };
  for (const [index, draft] of plan.drafts.entries()) {
    if (index > 0 && index % DRAFTS_PER_TURN === 0) await turn();
    const columns = columnsOf(draft);
    const row = byName.get(draft.name_en.toLowerCase());
    if (!row) {
      outcome.decisions.push({ draft, columns, action: 'create', id: null, changed: [] });
    } else if (row.handler) {
      outcome.skipped.push({
        method: draft.method,
        path: draft.path,
        reason: `已有同名的内置接口 “${row.name_en}”，导入不会覆盖它`,
      });
    } else {
      const changed = IMPORTED_COLUMNS.filter((column) => row[column] !== columns[column]);
      outcome.decisions.push({
        draft,
        columns,
        action: changed.length > 0 ? 'update' : 'unchanged',
        id: row.id,
        changed,
        row,
      });
    }
  }
  return outcome;
}
