import { request } from 'undici';
import { addressAllowed, webhookAgent, webhookUrlProblem } from './webhook-target';

describe('webhook targets', () => {
  it.each([
    ['https://hooks.example.com/portico', false, null],
    ['https://93.184.216.34:8443/x', false, null],
    ['http://hooks.example.com/portico', false, 'webhook_url must be an https:// URL'],
    ['ftp://hooks.example.com/', false, 'webhook_url must be an https:// URL'],
    ['not a url', false, 'webhook_url is not a URL'],
    [
      'https://user:pw@hooks.example.com/',
      false,
      'webhook_url must not carry a user name or password',
    ],
    ['https://10.1.2.3/x', false, 'webhook_url must not point at a private or loopback address'],
    ['https://127.0.0.1/x', false, 'webhook_url must not point at a private or loopback address'],
    ['https://[::1]/x', false, 'webhook_url must not point at a private or loopback address'],
    [
      'https://169.254.169.254/latest',
      false,
      'webhook_url must not point at a private or loopback address',
    ],
    ['https://[fd00::1]/x', false, 'webhook_url must not point at a private or loopback address'],
    [
      'https://[::ffff:10.0.0.1]/x',
      false,
      'webhook_url must not point at a private or loopback address',
    ],
    ['http://127.0.0.1:8080/hook', false, 'webhook_url must be an https:// URL'],
    // The test flag opens plain http on loopback only, never to private networks.
    ['http://127.0.0.1:8080/hook', true, null],
    ['http://localhost:8080/hook', true, null],
    ['http://10.0.0.1/hook', true, 'webhook_url must be an https:// URL'],
    [
      'https://192.168.1.1/hook',
      true,
      'webhook_url must not point at a private or loopback address',
    ],
    [`https://example.com/${'a'.repeat(2000)}`, false, 'webhook_url is too long (max 2000)'],
  ])('%s (loopback allowed: %s) → %s', (url, allowLoopback, problem) => {
    expect(webhookUrlProblem(url, allowLoopback)?.message ?? null).toBe(problem);
  });

  it.each([
    ['http://hooks.example.com/x', 'alerts.webhook_url_invalid'],
    ['not a url', 'alerts.webhook_url_invalid'],
    ['https://u:p@hooks.example.com/x', 'alerts.webhook_url_invalid'],
    ['https://10.0.0.8/x', 'alerts.webhook_url_private'],
    ['https://[fe80::1]/x', 'alerts.webhook_url_private'],
  ])('%s is refused with %s', (url, code) => {
    expect(webhookUrlProblem(url, false)?.code).toBe(code);
  });

  it('checks resolved addresses against private ranges', () => {
    expect(addressAllowed('93.184.216.34', false)).toBe(true);
    expect(addressAllowed('2606:2800:220:1:248:1893:25c8:1946', false)).toBe(true);
    for (const address of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fc00::1',
    ]) {
      expect(addressAllowed(address, false)).toBe(false);
    }
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
    expect(addressAllowed('10.0.0.1', true)).toBe(false);
  });

  // Every IPv6 range that carries an IPv4 address reaches that address: judged by it, or refused.
  it.each([
    ['::ffff:a00:1', 'IPv4-mapped 10.0.0.1'],
    ['::ffff:0:7f00:1', 'IPv4-translated 127.0.0.1'],
    ['::7f00:1', 'IPv4-compatible 127.0.0.1'],
    ['::a9fe:a9fe', 'IPv4-compatible 169.254.169.254'],
    ['64:ff9b::a00:1', 'NAT64 10.0.0.1'],
    ['64:ff9b::192.168.0.1', 'NAT64 192.168.0.1'],
    ['64:ff9b:1::5db8:d822', 'local-use NAT64, refused whole'],
    ['2002:7f00:1::', '6to4 127.0.0.1'],
    ['2002:a9fe:a9fe::1', '6to4 169.254.169.254'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo, refused whole'],
  ])('refuses %s (%s)', (address) => {
    expect(addressAllowed(address, false)).toBe(false);
    expect(webhookUrlProblem(`https://[${address}]/hook`, false)?.code).toBe(
      'alerts.webhook_url_private',
    );
  });

  it.each([
    ['::ffff:5db8:d822', 'IPv4-mapped 93.184.216.34'],
    ['64:ff9b::5db8:d822', 'NAT64 93.184.216.34'],
    ['2002:5db8:d822::1', '6to4 93.184.216.34'],
  ])('allows %s (%s): a public IPv4 address', (address) => {
    expect(addressAllowed(address, false)).toBe(true);
  });

  it('lets the test flag reach IPv4 loopback through a mapped address, nothing else', () => {
    expect(addressAllowed('::ffff:127.0.0.1', true)).toBe(true);
    expect(addressAllowed('::ffff:10.0.0.1', true)).toBe(false);
  });

  it('refuses, when connecting, a host name that resolves to a private address', async () => {
    const agent = webhookAgent(false, 2000);
    try {
      await expect(request('https://localhost:9/hook', { dispatcher: agent })).rejects.toThrow(
        /localhost resolves to a private address/,
      );
    } finally {
      await agent.close();
    }
  });
});
