import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MetricsService } from './metrics';

const DASHBOARD = join(__dirname, '../../../docker/grafana/portico-apis.json');

interface Panel {
  title: string;
  targets: { expr: string }[];
}

describe('the shipped Grafana dashboard', () => {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] };
  const exprs = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));

  it('queries only metrics an instance serves', () => {
    const registry = new MetricsService().registry;
    const used = new Set(
      exprs.flatMap((expr) =>
        [...expr.matchAll(/\bportico_[a-z0-9_]+/g)].map(([name]) =>
          name.replace(/_(bucket|sum|count)$/, ''),
        ),
      ),
    );
    expect(used.size).toBeGreaterThanOrEqual(4);
    for (const name of used)
      expect([name, registry.getSingleMetric(name) !== undefined]).toEqual([name, true]);
  });

  it('has a query in every panel', () => {
    expect(dashboard.panels.length).toBeGreaterThan(0);
    for (const panel of dashboard.panels) {
      expect(panel.targets.some((target) => target.expr.trim() !== '')).toBe(true);
    }
  });
});
