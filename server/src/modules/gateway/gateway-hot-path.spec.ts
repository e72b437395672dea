import { RateLimiter } from '../../common/rate-limiter';
import type { RedisService } from '../../common/redis';
import { loggedUrl } from './gateway.service';

/** What loggedUrl answered before its shortcut for plain queries: parse, drop key, write back. */
const parsedUrl = (rawUrl: string) => {
  const [path, search = ''] = rawUrl.split(/\?(.*)/s, 2);
  const params = new URLSearchParams(search);
  params.delete('key');
  const query = params.toString();
  return (query ? `${path}?${query}` : path).slice(0, 1000);
};

describe('loggedUrl', () => {
  it.each(
    [
      '/apis/uuid',
      '/apis/rmb-upper?amount=1234.56',
      '/apis/x?a=1&b=two_3-4.5*',
      '/apis/x?a=&b=1',
      '/apis/x?amount=1&key=pk_secret',
      '/apis/x?key=pk_secret',
      '/apis/x?%6Bey=pk_secret&a=1',
      '/apis/x?a=1&key=pk_1&key=pk_2',
      '/apis/x?monkey=1&keys=2',
      '/apis/x?a=/b&c=d e',
      '/apis/x?a&b=1',
      '/apis/x?a=1&&b=2',
      '/apis/x?a=%41',
      '/apis/x?q=a+b',
      '/apis/x?',
      `/apis/x?long=${'y'.repeat(2000)}`,
      `/apis/x?long=${'y'.repeat(2000)}&key=pk_secret`,
    ].map((url) => [url.slice(0, 60), url]),
  )('logs %s as parsing it would, without the key', (_, url) => {
    expect(loggedUrl(url)).toBe(parsedUrl(url));
    expect(loggedUrl(url)).not.toContain('pk_');
    expect(loggedUrl(url).length).toBeLessThanOrEqual(1000);
  });
});

describe('RateLimiter in memory', () => {
  const limiter = new RateLimiter({ client: null } as unknown as RedisService);

  it('answers at once, without a promise, and counts every hit', () => {
    const now = 120_000;
    const first = limiter.hit('ip:198.51.100.7', 2, 60_000, now);
    expect(first).not.toBeInstanceOf(Promise);
    expect(first).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
    expect(limiter.hit('ip:198.51.100.7', 2, 60_000, now + 1_000)).toEqual({
      allowed: true,
      limit: 2,
      remaining: 0,
      resetSeconds: 59,
    });
    expect(limiter.hit('ip:198.51.100.7', 2, 60_000, now + 2_000)).toEqual({
      allowed: false,
      limit: 2,
      remaining: 0,
      resetSeconds: 58,
    });
    // A new window starts over.
    expect(limiter.hit('ip:198.51.100.7', 2, 60_000, now + 60_000)).toMatchObject({
      allowed: true,
      remaining: 1,
    });
  });
});
