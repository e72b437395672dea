import { TIME_HANDLERS } from './time';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(TIME_HANDLERS);

describe('time', () => {
  it('answers now in UTC by default', async () => {
    const before = Date.now();
    const result = await data('time');
    expect(result.timezone).toBe('UTC');
    expect(result.unix_ms).toBeGreaterThanOrEqual(before);
    expect(result.unix).toBe(Math.floor(result.unix_ms / 1000));
    expect(new Date(result.iso).getTime()).toBe(result.unix_ms);
    expect(result.utc_offset).toBe('+00:00');
    expect(result.local).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('formats local time in an IANA zone, canonicalising its name', async () => {
    const result = await data('time', { tz: 'asia/shanghai' });
    expect(result.timezone).toBe('Asia/Shanghai');
    expect(result.utc_offset).toBe('+08:00');
    const local = new Date(`${result.local.replace(' ', 'T')}Z`).getTime();
    expect(local - Math.floor(result.unix_ms / 1000) * 1000).toBe(8 * 3600 * 1000);
  });

  it('rejects unknown zones', async () => {
    await expectInvalid('time', { tz: 'Mars/Olympus_Mons' }, "parameter 'tz'");
    await expectInvalid('time', { tz: 'x'.repeat(65) }, "parameter 'tz'");
  });
});

describe('timestamp', () => {
  it('detects seconds and milliseconds', async () => {
    expect(await data('timestamp', { value: '1735689600', tz: 'Asia/Shanghai' })).toMatchObject({
      detected: 'seconds',
      iso: '2025-01-01T00:00:00.000Z',
      local: '2025-01-01 08:00:00',
      weekday: 'Wednesday',
    });
    expect(await data('timestamp', { value: '1735689600123' })).toMatchObject({
      detected: 'milliseconds',
      unix: 1735689600,
      unix_ms: 1735689600123,
    });
  });

  it('reads date-times in the given zone or with an explicit offset', async () => {
    expect((await data('timestamp', { value: '2025-01-31 08:30', tz: 'Asia/Shanghai' })).iso).toBe(
      '2025-01-31T00:30:00.000Z',
    );
    expect((await data('timestamp', { value: '2025-01-31T08:30:00+08:00' })).iso).toBe(
      '2025-01-31T00:30:00.000Z',
    );
    expect(
      (await data('timestamp', { value: '2025-07-01T12:00:00Z', tz: 'Europe/London' })).utc_offset,
    ).toBe('+01:00');
  });

  it('resolves daylight-saving gaps forward and overlaps to the earlier instant', async () => {
    const gap = await data('timestamp', { value: '2025-03-09 02:30', tz: 'America/New_York' });
    expect(gap.local).toBe('2025-03-09 03:30:00');
    const overlap = await data('timestamp', { value: '2025-11-02 01:30', tz: 'America/New_York' });
    expect(overlap).toMatchObject({ iso: '2025-11-02T05:30:00.000Z', utc_offset: '-04:00' });
  });

  it('rejects impossible dates and out-of-range instants', async () => {
    await expectInvalid('timestamp', { value: '2025-02-30' }, "parameter 'value'");
    await expectInvalid('timestamp', { value: 'yesterday' }, "parameter 'value'");
    await expectInvalid('timestamp', { value: '2025-01-01T00:00:00+15:00' }, 'offset');
    await expectInvalid(
      'timestamp',
      { value: '9999999999999999' },
      'between the years 1000 and 9999',
    );
    await expectInvalid('timestamp', {}, "parameter 'value' is required");
  });
});
