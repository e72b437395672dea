import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ContentEvents } from '../../common/content-events';
import { ApiEntry } from '../../database/entities';

export type GatewayApi = Pick<
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
>;

/** Other instances' admin writes reach this one through this expiry when no Redis relays them. */
const MAX_AGE_MS = 5_000;

/** The APIs the gateway serves, by name_en, held in memory and reloaded after admin writes. */
@Injectable()
export class GatewayCatalogue implements OnModuleDestroy {
  private entries?: Promise<Map<string, GatewayApi>>;
  private loadedAt = 0;
  private readonly unsubscribe: () => void;

  constructor(
    @InjectRepository(ApiEntry) private readonly apis: Repository<ApiEntry>,
    events: ContentEvents,
  ) {
    this.unsubscribe = events.on((kind) => {
      if (kind === 'apis') this.entries = undefined;
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  async find(nameEn: string): Promise<GatewayApi | undefined> {
    if (!this.entries || Date.now() - this.loadedAt > MAX_AGE_MS) {
      this.loadedAt = Date.now();
      const loading = this.load();
      this.entries = loading;
      loading.catch(() => {
        if (this.entries === loading) this.entries = undefined;
      });
    }
    return (await this.entries).get(nameEn);
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
      },
    });
    return new Map(rows.map((row) => [row.name_en, row]));
  }
}
