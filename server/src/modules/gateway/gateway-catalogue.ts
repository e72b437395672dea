import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ContentEvents } from '../../common/content-events';
import { formatPrice } from '../../common/money';
import { pathParameterNames } from '../../contracts/list-fields';
import { ApiEntry } from '../../database/entities';

type ApiRow = Pick<
  ApiEntry,
  | 'id'
  | 'name'
  | 'name_en'
  | 'status'
  | 'is_paid'
  | 'price_per_call_milli'
  | 'handler'
  | 'upstream_url'
  | 'upstream_timeout_ms'
  | 'request_method'
  | 'maintenance_at'
  | 'free_quota_calls'
  | 'free_quota_period'
>;

export interface GatewayApi extends ApiRow {
  /** What one call costs, as the X-Cost header says it (formatted once per load, not per call). */
  cost: string;
  /** The methods a call may use, as the 405's Allow header lists them (HEAD with GET). */
  allow: string;
  /** The upstream URL's `{name}` path parameters, in order (path-parameters.ts). */
  path_parameters: string[];
}

/** The Allow header of an API declaring `method`: HEAD goes with GET, OPTIONS is the preflight. */
export const allowedMethods = (method: string): string =>
  method === 'GET' ? 'GET, HEAD, OPTIONS' : `${method}, OPTIONS`;

/** Other instances' admin writes reach this one through this expiry when no Redis relays them. */
const MAX_AGE_MS = 5_000;

/** The APIs the gateway serves, by name_en, held in memory and reloaded after admin writes. */
@Injectable()
export class GatewayCatalogue implements OnModuleDestroy {
  private entries?: Promise<Map<string, GatewayApi>>;
  /** The loaded map while `entries` holds it: read without waiting on the call path. */
  private loaded?: Map<string, GatewayApi>;
  private loadedAt = 0;
  private readonly unsubscribe: () => void;

  constructor(
    @InjectRepository(ApiEntry) private readonly apis: Repository<ApiEntry>,
    events: ContentEvents,
  ) {
    this.unsubscribe = events.on((kind) => {
      if (kind === 'apis') {
        this.entries = undefined;
        this.loaded = undefined;
      }
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  /** The APIs by name_en: the map itself when loaded and fresh (no wait), else its loading. */
  byName(): ReadonlyMap<string, GatewayApi> | Promise<ReadonlyMap<string, GatewayApi>> {
    const now = Date.now();
    if (this.entries && now - this.loadedAt <= MAX_AGE_MS) return this.loaded ?? this.entries;
    this.loadedAt = now;
    this.loaded = undefined;
    const loading = this.load();
    this.entries = loading;
    loading.then(
      (map) => {
        if (this.entries === loading) this.loaded = map;
      },
      () => {
        if (this.entries === loading) this.entries = undefined;
      },
    );
    return loading;
  }

  private async load(): Promise<Map<string, GatewayApi>> {
    const rows = await this.apis.find({
      select: {
        id: true,
        name: true,
        name_en: true,
        status: true,
        is_paid: true,
        price_per_call_milli: true,
        handler: true,
        upstream_url: true,
        upstream_timeout_ms: true,
        request_method: true,
        maintenance_at: true,
        free_quota_calls: true,
        free_quota_period: true,
      },
    });
    return new Map(
      rows.map((row) => {
        const method = (row.request_method || 'GET').toUpperCase() as ApiRow['request_method'];
        const api: GatewayApi = {
          ...row,
          request_method: method,
          cost: formatPrice(row.is_paid ? row.price_per_call_milli : 0),
          allow: allowedMethods(method),
          path_parameters: pathParameterNames(row.upstream_url),
        };
        return [row.name_en, api];
      }),
    );
  }
}
