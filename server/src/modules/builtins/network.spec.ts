import { NETWORK_HANDLERS } from './network';
import { CHROME_UA, harness } from './test/harness';

const { data, expectInvalid } = harness(NETWORK_HANDLERS);

describe('ip', () => {
  it('returns the caller address, version and headers', async () => {
    expect(await data('ip')).toEqual({
      ip: '203.0.113.9',
      version: 4,
      user_agent: CHROME_UA,
      accept_language: 'en-GB,en;q=0.9',
    });
  });

  it('unwraps IPv4-mapped IPv6 and reports IPv6', async () => {
    expect((await data('ip', {}, { ip: '::ffff:198.51.100.1' })).ip).toBe('198.51.100.1');
    expect((await data('ip', {}, { ip: '2001:db8::1', headers: {} })).version).toBe(6);
    expect((await data('ip', {}, { ip: 'unknown', headers: {} })).version).toBeNull();
  });
});

describe('ip-cidr', () => {
  it('checks IPv4 and IPv6 membership', async () => {
    expect(await data('ip-cidr', { ip: '10.1.2.3', cidr: '10.0.0.0/8' })).toMatchObject({
      in_range: true,
      range: { netmask: '255.0.0.0', size: '16777216' },
    });
    expect((await data('ip-cidr', { ip: '11.0.0.1', cidr: '10.0.0.0/8' })).in_range).toBe(false);
    expect(
      await data('ip-cidr', { ip: '2001:db8:0:0:0:0:0:1', cidr: '2001:db8::/32' }),
    ).toMatchObject({
      ip: '2001:db8::1',
      in_range: true,
      range: { first: '2001:db8::', last: '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff' },
    });
    expect((await data('ip-cidr', { ip: '::ffff:10.0.0.1', cidr: '10.0.0.0/8' })).in_range).toBe(
      true,
    );
    expect((await data('ip-cidr', { ip: '10.0.0.1', cidr: '::/0' })).in_range).toBe(false);
    expect((await data('ip-cidr', { ip: '1.2.3.4', cidr: '192.168.1.77/24' })).range.cidr).toBe(
      '192.168.1.0/24',
    );
    expect((await data('ip-cidr', { ip: '1:0:0:2:0:0:0:3', cidr: '1::/16' })).ip).toBe(
      '1:0:0:2::3',
    );
  });

  it('rejects bad addresses and prefixes', async () => {
    await expectInvalid('ip-cidr', { ip: '999.1.1.1', cidr: '10.0.0.0/8' }, "parameter 'ip'");
    await expectInvalid('ip-cidr', { ip: '1.1.1.1', cidr: '10.0.0.0' }, "parameter 'cidr'");
    await expectInvalid('ip-cidr', { ip: '1.1.1.1', cidr: '10.0.0.0/33' }, 'between 0 and 32');
    await expectInvalid('ip-cidr', { ip: '1.1.1.1', cidr: '10.0.0.0/8/8' }, "parameter 'cidr'");
  });
});
