import { ContentEvents } from './content-events';
import type { RedisService } from './redis';

/** Without Redis: the events of this instance only. */
const events = () => new ContentEvents({ prefix: 'test:' } as RedisService);

describe('ContentEvents', () => {
  it('answers a change once every listener has done the work it started', async () => {
    const content = events();
    const done: string[] = [];
    let finish!: () => void;
    content.on((kind, local) => {
      done.push(`${kind} ${local ? 'here' : 'elsewhere'}`);
    });
    content.on(() =>
      new Promise<void>((resolve) => (finish = resolve)).then(() => done.push('raised')),
    );

    let answered = false;
    const change = content.changed('apis').then(() => (answered = true));
    await Promise.resolve();
    expect(done).toEqual(['apis here']);
    expect(answered).toBe(false);
    finish();
    await change;
    expect(done).toEqual(['apis here', 'raised']);
  });

  it('tells its listeners of a change relayed from another instance, without waiting', () => {
    const content = events();
    const seen: boolean[] = [];
    content.on((_kind, local) => void seen.push(local));
    content.relayed('config');
    expect(seen).toEqual([false]);
  });
});
