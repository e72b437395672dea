import { MAX_TRACKED, RateLimiter } from './rate-limiter';
import type { RedisService } from './redis';

const WINDOW_MS = 60_000;
const NOW = 600_000;

const allowed = (limiter: RateLimiter, subject: string, limit = 5) =>
  (limiter.hit(subject, limit, WINDOW_MS, NOW) as { allowed: boolean }).allowed;

const fill = (limiter: RateLimiter, prefix: string, count: number) => {
  for (let i = 0; i < count; i += 1) void limiter.hit(`${prefix}${i}`, 5, WINDOW_MS, NOW);
};

describe('RateLimiter past MAX_TRACKED subjects', () => {
  it("keeps the windows of subjects still calling: a crowd of new subjects resets no one's cap", () => {
    const limiter = new RateLimiter({ client: undefined } as unknown as RedisService);
    fill(limiter, 'early:', MAX_TRACKED / 2);
    for (let i = 0; i < 5; i += 1) expect(allowed(limiter, 'register:203.0.113.9')).toBe(true);
    // Past the limit of tracked subjects: the old limiter cleared every window here.
    fill(limiter, 'late:', MAX_TRACKED * 0.6);
    expect(allowed(limiter, 'register:203.0.113.9')).toBe(false);
  });

  it('forgets the least recently seen subject first', () => {
    const limiter = new RateLimiter({ client: undefined } as unknown as RedisService);
    for (let i = 0; i < 5; i += 1) void limiter.hit('idle', 5, WINDOW_MS, NOW);
    for (let i = 0; i < 5; i += 1) void limiter.hit('busy', 5, WINDOW_MS, NOW);
    fill(limiter, 'crowd:', MAX_TRACKED - 2);
    // 'busy' is seen again before the crowd's last member pushes one subject out: 'idle' goes.
    expect(allowed(limiter, 'busy')).toBe(false);
    void limiter.hit('crowd:last', 5, WINDOW_MS, NOW);
    expect(allowed(limiter, 'idle')).toBe(true);
    expect(allowed(limiter, 'busy')).toBe(false);
  });
});

describe('RateLimiter while Redis is away', () => {
  const redisAway = (status: string, exec: () => Promise<unknown>) => {
    const failed = jest.fn();
    const client = {
      status,
      multi: () => ({ incr: () => ({ pexpire: () => ({ exec }) }) }),
    };
    const redis = {
      client,
      prefix: 't:',
      get ready() {
        return client.status === 'ready';
      },
      failed,
      succeeded: jest.fn(),
    };
    return { limiter: new RateLimiter(redis as unknown as RedisService), failed };
  };

  it('holds the limit per instance while Redis is disconnected, without asking it', async () => {
    const exec = jest.fn(() => Promise.reject(new Error('not to be called')));
    const { limiter } = redisAway('reconnecting', exec);
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await limiter.hit('ip:a', 5)).allowed);
    expect(answers).toEqual([true, true, true, true, true, false]);
    expect(exec).not.toHaveBeenCalled();
  });

  it('holds the limit per instance when a command fails, and reports the failure', async () => {
    const { limiter, failed } = redisAway('ready', () =>
      Promise.reject(new Error('Connection is closed.')),
    );
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await limiter.hit('ip:b', 5)).allowed);
    expect(answers).toEqual([true, true, true, true, true, false]);
    expect(failed).toHaveBeenCalledTimes(6);
  });

  it('answers the shared count when Redis answers', async () => {
    const { limiter } = redisAway('ready', () => Promise.resolve([[null, 7]]));
    expect(await limiter.hit('ip:c', 5)).toMatchObject({ allowed: false, remaining: 0 });
  });
});
