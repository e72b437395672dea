import { randomBytes } from 'node:crypto';
import { createUser, primeCsrf } from './factories/users';
import { HAS_MYSQL, startTestApp, TEST_REDIS_URL, TestApp } from './harness';
import { describeIf } from './requires';

const describeShared = describeIf(
  HAS_MYSQL && Boolean(TEST_REDIS_URL),
  'TEST_MYSQL_URL and TEST_REDIS_URL',
);

describeShared('login lock-out shared by two instances through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // A prefix of its own: Redis keeps failure windows for 15 minutes across runs.
    const vars = {
      REDIS_URL: TEST_REDIS_URL!,
      REDIS_PREFIX: `t${randomBytes(4).toString('hex')}:`,
    };
    a = await startTestApp('mysql', vars);
    b = await startTestApp('mysql', { ...vars, DATABASE_URL: a.env.DATABASE_URL });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('locks a name after five failures, wherever they happened', async () => {
    const { user } = await createUser(a);
    const clients = [a.client(), b.client()];
    for (const client of clients) await primeCsrf(client);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await clients[i % 2].post('/api/login.php', {
        username: user.username,
        password: 'wrong-password',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('lets exactly five of 40 parallel guesses through, across both instances', async () => {
    const { user } = await createUser(a);
    const clients = [a.client(), b.client()];
    for (const client of clients) await primeCsrf(client);
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        clients[i % 2]
          .post('/api/login.php', { username: user.username, password: 'wrong-password' })
          .then((res) => res.status),
      ),
    );
    expect(statuses.sort()).toEqual([
      ...Array<number>(5).fill(401),
      ...Array<number>(35).fill(429),
    ]);
  });
});
