import { retryRolledBack } from './transactions';

/** A transaction that the server rolls back `times` times (errno 1213), then commits. */
function rolledBack(times: number) {
  let runs = 0;
  const work = () => {
    runs += 1;
    if (runs <= times) {
      return Promise.reject(Object.assign(new Error('Deadlock found'), { errno: 1213 }));
    }
    return Promise.resolve('committed');
  };
  return { work, runs: () => runs };
}

describe('retryRolledBack', () => {
  it('runs a transaction the server rolled back again, up to three times', async () => {
    const twice = rolledBack(2);
    await expect(retryRolledBack(twice.work)).resolves.toBe('committed');
    expect(twice.runs()).toBe(3);
  });

  it('gives up after the last attempt with the server’s error', async () => {
    const always = rolledBack(5);
    await expect(retryRolledBack(always.work)).rejects.toMatchObject({ errno: 1213 });
    expect(always.runs()).toBe(3);
  });

  it('never runs again a transaction that failed for another reason', async () => {
    let runs = 0;
    const duplicate = () => {
      runs += 1;
      return Promise.reject(Object.assign(new Error('Duplicate entry'), { errno: 1062 }));
    };
    await expect(retryRolledBack(duplicate)).rejects.toMatchObject({ errno: 1062 });
    expect(runs).toBe(1);
  });
});
