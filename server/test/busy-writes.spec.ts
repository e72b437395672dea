import { AuditLog, Partner } from '../src/database/entities';
import { adminClient } from './factories/admin';
import { startTestApp } from './harness';
import type { TestApp } from './harness';

/*
 * A write the database rolls back (a deadlock, a lock wait timeout, a Galera certification
 * conflict with another node's write) is run again whole; one that loses every time answers 503
 * `server.busy` and changes nothing, never a 500. The rollbacks are MySQL's errors, thrown where
 * the database would throw them: from the transaction.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp('sqlite');
});
afterAll(() => t?.close());
afterEach(() => jest.restoreAllMocks());

const deadlock = () =>
  Object.assign(new Error('Deadlock found when trying to get lock'), { errno: 1213 });

/** The next `times` transactions are rolled back by the database before they commit. */
function rollBack(times: number) {
  const manager = t.dataSource.manager;
  const transaction = jest.spyOn(manager, 'transaction');
  for (let i = 0; i < times; i += 1) transaction.mockRejectedValueOnce(deadlock());
  return transaction;
}

const partner = { name: 'Busy Co', logo_url: 'https://img.example.com/busy.png' };

it('saves an admin write that the database rolled back twice, once', async () => {
  const admin = await adminClient(t);
  const audits = await t.dataSource.getRepository(AuditLog).count();
  const transaction = rollBack(2);
  const res = await admin.post('/api/admin/add_partner.php', partner);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, data: { name: 'Busy Co' } });
  expect(transaction).toHaveBeenCalledTimes(3);
  expect(await t.dataSource.getRepository(Partner).countBy({ name: 'Busy Co' })).toBe(1);
  expect(await t.dataSource.getRepository(AuditLog).count()).toBe(audits + 1);
});

it('answers 503 server.busy, having changed nothing, when every attempt is rolled back', async () => {
  const admin = await adminClient(t);
  const before = await admin.get('/api/get_config.php');
  rollBack(3);
  const res = await admin.post('/api/admin/update_config.php', { site_title: 'Never saved' });
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('1');
  expect(res.body).toEqual({
    success: false,
    code: 'server.busy',
    message: 'the service is busy and nothing was changed, try again in a moment',
  });
  const after = await admin.get('/api/get_config.php');
  expect(after.body).toEqual(before.body);
});
