import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppError, notFound } from '../../common/app-error';
import type { ApiProbeView } from '../../contracts/health';
import { ApiEntry, ApiProbe } from '../../database/entities';
import { retriedTransaction } from '../../database/transactions';
import { AuditService } from '../audit';
import type { AuditActor } from '../audit';
import type { SaveProbeDto } from './dto/save-probe.dto';
import { ProbeRunner } from './probe-runner';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** What the admin sets, as the audit log keeps it (without how the runs went). */
const SETTINGS = [
  'enabled',
  'method',
  'query',
  'body',
  'expected_status',
  'interval_s',
  'timeout_ms',
] as const;
const settingsOf = (probe: ApiProbe) =>
  Object.fromEntries(SETTINGS.map((key) => [key, probe[key]]));

/** The probe as the admin sees it: its settings and its last run (not when the next is due). */
export function toProbeView({ next_run_at: _next, ...probe }: ApiProbe): ApiProbeView {
  return {
    ...probe,
    method: probe.method as ApiProbeView['method'],
    last_run_at: probe.last_run_at ? probe.last_run_at.toISOString() : null,
  };
}

/** An admin's view of an API's probe: read it, set it, remove it, run it now. */
@Injectable()
export class ProbesAdminService {
  constructor(
    @InjectRepository(ApiProbe) private readonly probes: Repository<ApiProbe>,
    @InjectRepository(ApiEntry) private readonly apis: Repository<ApiEntry>,
    private readonly audit: AuditService,
    private readonly runner: ProbeRunner,
  ) {}

  async get(apiId: number): Promise<ApiProbeView | null> {
    await this.api(apiId);
    const probe = await this.probes.findOneBy({ api_id: apiId });
    return probe ? toProbeView(probe) : null;
  }

  /**
   * Sets the API's probe (creating it); it runs at the next look. Its runs so far are kept when
   * only how often or how long it may take changed, and start again when what it sends or
   * expects changed.
   */
  async save(actor: AuditActor, dto: SaveProbeDto): Promise<ApiProbeView> {
    const api = await this.api(dto.id);
    const body = dto.body?.trim() ? dto.body.trim() : null;
    if (body !== null) {
      if (!BODY_METHODS.has(dto.method)) {
        throw invalid('body', `a ${dto.method} probe sends no body`);
      }
      // A probe's body is sent as JSON: an API that takes a form would refuse it at every run.
      if (api.request_format !== 'application/json') {
        throw invalid(
          'body',
          `this API takes a ${api.request_format} body, and a probe sends JSON: probe it with a query only`,
        );
      }
      try {
        JSON.parse(body);
      } catch {
        throw invalid('body', 'the body must be valid JSON');
      }
    }
    const settings = {
      enabled: dto.enabled,
      method: dto.method,
      query: dto.query.replace(/^\?/, ''),
      body,
      expected_status: dto.expected_status,
      interval_s: dto.interval_s,
      timeout_ms: dto.timeout_ms,
    };
    await retriedTransaction(this.probes.manager, async (manager) => {
      const before = await manager.findOneBy(ApiProbe, { api_id: dto.id });
      const sameCall =
        before !== null &&
        (['method', 'query', 'body', 'expected_status'] as const).every(
          (key) => before[key] === settings[key],
        );
      const runs = sameCall
        ? {}
        : { consecutive_failures: 0, consecutive_passes: 0, next_run_at: 0 };
      await manager.upsert(ApiProbe, { api_id: dto.id, ...settings, ...runs }, ['api_id']);
      await this.audit.record(
        actor,
        {
          action: before ? 'update' : 'create',
          target_type: 'api',
          target_id: dto.id,
          before: before && { probe: settingsOf(before) },
          after: { probe: settings },
        },
        manager,
      );
    });
    return toProbeView((await this.probes.findOneBy({ api_id: dto.id }))!);
  }

  async remove(actor: AuditActor, apiId: number): Promise<void> {
    await retriedTransaction(this.probes.manager, async (manager) => {
      const before = await manager.findOneBy(ApiProbe, { api_id: apiId });
      if (!before) throw notFound('admin.probe_not_found', 'this API has no probe');
      await manager.delete(ApiProbe, { api_id: apiId });
      await this.audit.record(
        actor,
        {
          action: 'update',
          target_type: 'api',
          target_id: apiId,
          before: { probe: settingsOf(before) },
          after: { probe: null },
        },
        manager,
      );
    });
  }

  /** Runs the API's probe now (outside its schedule) and counts it like a scheduled run. */
  async runNow(apiId: number): Promise<ApiProbeView> {
    await this.api(apiId);
    const probe = await this.probes.findOneBy({ api_id: apiId });
    if (!probe) throw notFound('admin.probe_not_found', 'this API has no probe');
    const after = await this.runner.run(probe);
    if (!after) throw notFound('admin.probe_not_found', 'this API has no probe');
    return toProbeView(after);
  }

  private async api(id: number): Promise<ApiEntry> {
    const api = await this.apis.findOneBy({ id });
    if (!api) throw notFound('apis.not_found', 'API not found');
    return api;
  }
}

const invalid = (field: string, message: string) =>
  new AppError('request.validation', message, HttpStatus.BAD_REQUEST, {}, field);
