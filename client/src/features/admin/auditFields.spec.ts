import type { AuditEntry } from '@contracts/audit';
import { auditFieldLabel, auditValue, fieldChanges, shortened } from './auditFields';

const entry = (before: unknown, after: unknown): AuditEntry => ({
  id: 1,
  admin_id: 1,
  admin_username: 'admin',
  action: 'update',
  target_type: 'api',
  target_id: 7,
  before,
  after,
  ip: '127.0.0.1',
  created_at: '2026-11-30T08:00:00.000Z',
});

describe('audit log fields', () => {
  it('lists only the fields an update changed, updated_at left out', () => {
    const changes = fieldChanges(
      entry(
        { name: 'IP', price_per_call_milli: 5, status: 1, updated_at: 'a' },
        { name: 'IP', price_per_call_milli: 10, status: 0, updated_at: 'b' },
      ),
    );
    expect(changes).toEqual([
      { field: 'price_per_call_milli', before: 5, after: 10 },
      { field: 'status', before: 1, after: 0 },
    ]);
  });

  it('lists every field of a create (after only) and of a delete (before only)', () => {
    expect(fieldChanges(entry(null, { name: 'x', sort_order: 2 }))).toEqual([
      { field: 'name', after: 'x' },
      { field: 'sort_order', after: 2 },
    ]);
    expect(fieldChanges(entry({ name: 'x' }, null))).toEqual([{ field: 'name', before: 'x' }]);
    expect(fieldChanges(entry(null, null))).toEqual([]);
  });

  it('names the fields in Chinese, and a field it does not know by its own name', () => {
    expect(auditFieldLabel('price_per_call_milli')).toBe('每次调用价格');
    expect(auditFieldLabel('site_url')).toBe('网站地址');
    expect(auditFieldLabel('brand_new_field')).toBe('brand_new_field');
  });

  it('shows money in yuan, flags and states in words, empty and missing apart', () => {
    expect(auditValue('price_per_call_milli', 10)).toBe('¥0.010');
    expect(auditValue('price_per_call_milli', 12500)).toBe('¥12.500');
    expect(auditValue('delta_milli', 12500)).toBe('¥12.50');
    expect(auditValue('is_paid', 1)).toBe('是');
    expect(auditValue('enabled', false)).toBe('否');
    expect(auditValue('status', 0)).toBe('禁用');
    expect(auditValue('state', 'credited')).toBe('已入账');
    expect(auditValue('free_quota_period', 'month')).toBe('每月');
    expect(auditValue('home_notice', '')).toBe('（空）');
    expect(auditValue('maintenance_at', null)).toBe('—');
    expect(auditValue('category_ids', [1, 2])).toBe('[1,2]');
    expect(auditValue('balance', '9.995')).toBe('9.995');
    expect(auditValue('expires_at', '2026-12-01T00:00:00.000Z')).toMatch(/^2026\/12\/1/);
  });

  it('cuts long values to 120 characters', () => {
    expect(shortened('a'.repeat(121))).toBe(`${'a'.repeat(120)}…`);
    expect(shortened('a'.repeat(120))).toBe('a'.repeat(120));
  });
});
