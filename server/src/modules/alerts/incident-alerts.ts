import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ApiIncidentEvent } from '../../contracts/health';
import { AlertDelivery, SiteConfig } from '../../database/entities';
import { AlertSender } from './alert-sender';

/** The site's own alerts are delivery rows of no user. */
export const SITE_ALERTS = 0;

/**
 * Tells the site's admins of an incident's change: an e-mail to the address and a POST to the
 * webhook the settings name, each a delivery row the AlertSender sends and retries as it does a
 * user's low-balance alert. The caller is the one instance whose write made the change, so each
 * change is announced once.
 */
@Injectable()
export class IncidentAlerts {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sender: AlertSender,
  ) {}

  async announce(event: Omit<ApiIncidentEvent, 'event' | 'delivery_id'>): Promise<void> {
    const ids = await this.dataSource.transaction(async (manager) => {
      const site = await manager.findOne(SiteConfig, { where: {}, order: { id: 'ASC' } });
      const targets: [AlertDelivery['channel'], string][] = [];
      if (site?.health_alert_email) targets.push(['email', site.health_alert_email]);
      if (site?.health_alert_webhook_url) targets.push(['webhook', site.health_alert_webhook_url]);
      const created: number[] = [];
      for (const [channel, target] of targets) {
        const row = await manager.save(
          manager.create(AlertDelivery, {
            user_id: SITE_ALERTS,
            event: 'api.incident',
            channel,
            target,
            payload: '',
          }),
        );
        const payload: ApiIncidentEvent = { event: 'api.incident', delivery_id: row.id, ...event };
        await manager.update(AlertDelivery, { id: row.id }, { payload: JSON.stringify(payload) });
        created.push(row.id);
      }
      return created;
    });
    this.sender.start(ids);
  }
}
