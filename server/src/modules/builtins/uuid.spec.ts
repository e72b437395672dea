import { UUID_HANDLERS } from './uuid';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(UUID_HANDLERS);

describe('uuid', () => {
  it('generates distinct v4 UUIDs', async () => {
    const result = await data('uuid', { count: '100' });
    expect(result.uuids).toHaveLength(100);
    expect(new Set(result.uuids).size).toBe(100);
    for (const uuid of result.uuids) {
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('rejects counts outside 1-100', async () => {
    await expectInvalid('uuid', { count: '0' });
    await expectInvalid('uuid', { count: 'ten' });
  });
});
