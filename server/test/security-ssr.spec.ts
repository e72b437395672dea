import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SpaFallback } from '../src/modules/pages/spa-fallback';
import type { RenderWorker } from '../src/modules/pages/render-worker';
import { inOneMinuteWindow } from './clock';
import { describeEachDb, startTestApp, type TestApp } from './harness';

const CLIENT_DIST = join(__dirname, '../../client/dist');
/** The load generator of the burst test (a process of its own, so its work is not the server's). */
const BURST = join(__dirname, 'fakes/page-burst.cjs');
const built = existsSync(join(CLIENT_DIST, '../dist-ssr/entry-server.cjs'));
// Without the built client these cannot run; in CI that is a failure, not a skip.
const whenBuilt = built || process.env.CI ? describe : describe.skip;

interface Answer {
  status: number;
  source: string | null;
  etag: string | null;
  html: string;
}

const get = async (t: TestApp, path: string): Promise<Answer> => {
  const res = await fetch(`${t.baseUrl}${path}`);
  return {
    status: res.status,
    source: res.headers.get('x-page-cache'),
    etag: res.headers.get('etag'),
    html: await res.text(),
  };
};

const noise = () => randomBytes(6).toString('hex');

/** The renderer of a running app, to count and slow its renders. */
function rendererOf(t: TestApp): RenderWorker {
  const spa: unknown = t.app.get(SpaFallback);
  return (spa as { renderer: RenderWorker }).renderer;
}

/** Wraps the app's renderer: counts renders, the most at once, and holds each `holdMs`. */
function watchRenders(t: TestApp, holdMs = 0) {
  const renderer = rendererOf(t);
  const original = renderer.render.bind(renderer);
  const seen = { renders: 0, running: 0, most: 0 };
  renderer.render = async (input) => {
    seen.renders++;
    seen.most = Math.max(seen.most, ++seen.running);
    try {
      if (holdMs) await new Promise((resolve) => setTimeout(resolve, holdMs));
      return await original(input);
    } finally {
      seen.running--;
    }
  };
  return { seen, restore: () => (renderer.render = original) };
}

/** The SPA shell: the app's entry script and an empty root, no server-rendered markup. */
const expectShell = (answer: Answer) => {
  expect(answer.status).toBe(200);
  expect(answer.source).toBe('shell');
  expect(answer.html).toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
  expect(answer.html).toContain('<div id="root"></div>');
};

whenBuilt('server rendering cannot be used to burn CPU', () => {
  describeEachDb(
    'the page cache key is what the page reads',
    (ctx) => {
      it('renders once for every spelling of one page: unknown parameters, case, padding, slashes', async () => {
        const { t } = ctx;
        const { seen, restore } = watchRenders(t);
        try {
          const groups = [
            ['/', `/?cb=${noise()}`, `/?utm_source=${noise()}&page=1`, '/?page=01', '/?page=x'],
            ['/?category=images', '/?category=%20Images%20&cb=1', '/?cb=2&category=IMAGES&page=0'],
            ['/?sort=price&paid_page=2', `/?paid_page=2.0&sort=price&x=${noise()}`],
            ['/about', `/about?cb=${noise()}`, '/about/'],
            ['/api/1/ip', `/api/1/ip?cb=${noise()}`, `/api/1/${noise()}`, '/api/0001'],
          ];
          for (const group of groups) {
            const answers = [];
            for (const path of group) answers.push(await get(t, path));
            expect(answers.map((a) => a.status)).toEqual(group.map(() => 200));
            // One render, then the very same bytes for every spelling.
            expect(answers.map((a) => a.source)).toEqual([
              'miss',
              ...group.slice(1).map(() => 'hit'),
            ]);
            expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
          }
          expect(seen.renders).toBe(groups.length);
        } finally {
          restore();
        }
      });
    },
    { CLIENT_DIST, SEED_DEMO: 'true', PAGE_RENDERS_PER_IP: '1000' },
  );

  describe('bounds', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp('sqlite', {
        CLIENT_DIST,
        SEED_DEMO: 'true',
        PAGE_RENDERS_PER_IP: '1000',
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('renders one page at a time and answers past the queue with the working shell', async () => {
      const { seen, restore } = watchRenders(t, 300);
      try {
        const answers = await Promise.all(
          Array.from({ length: 40 }, (_, n) => get(t, `/?page=${n + 2}`)),
        );
        expect(seen.most).toBe(1);
        const rendered = answers.filter((a) => a.source === 'miss');
        const shells = answers.filter((a) => a.source === 'shell');
        expect(rendered.length + shells.length).toBe(40);
        // One running and sixteen waiting at most; the rest were not queued.
        expect(rendered.length).toBeLessThanOrEqual(17);
        expect(shells.length).toBeGreaterThanOrEqual(23);
        for (const answer of rendered) expect(answer.html).toContain('id="portico-state"');
        for (const answer of shells) expectShell(answer);
        // A page that was refused is rendered on a later ask.
        const later = await get(t, `/?page=${40 + 1}`);
        expect(['miss', 'hit']).toContain(later.source);
      } finally {
        restore();
      }
    });
  });

  describe('per address', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp('sqlite', {
        CLIENT_DIST,
        SEED_DEMO: 'true',
        PAGE_RENDERS_PER_IP: '5',
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('serves the shell instead of rendering once an address has caused its renders this minute', async () => {
      const { seen, restore } = watchRenders(t);
      try {
        // The eight renders fall in one window of the limiter's clock minute.
        await inOneMinuteWindow(20_000);
        const answers = [];
        for (let page = 2; page <= 9; page++) answers.push(await get(t, `/?page=${page}`));
        expect(answers.map((a) => a.source)).toEqual([
          ...Array(5).fill('miss'),
          ...Array(3).fill('shell'),
        ]);
        for (const shell of answers.slice(5)) expectShell(shell);
        expect(seen.renders).toBe(5);
        // Pages already stored cost nothing and are still served rendered.
        const stored = await get(t, '/?page=3&cb=1');
        expect(stored.source).toBe('hit');
        expect(stored.html).toContain('id="portico-state"');
        expect(seen.renders).toBe(5);
      } finally {
        restore();
      }
    }, 60_000);
  });

  describe('under a burst', () => {
    let t: TestApp;
    beforeAll(async () => {
      // The defaults: PAGE_RENDERS_PER_IP 60.
      t = await startTestApp('sqlite', { CLIENT_DIST, SEED_DEMO: 'true' });
      expect((await get(t, '/')).status).toBe(200);
    });
    afterAll(async () => {
      await t?.close();
    });

    /**
     * /healthz latencies in this process (which runs the server) while a child process sends
     * `paths`, 10 at a time: the server's event loop is the only one the probes share.
     */
    async function healthzDuring(paths: string[]) {
      const latencies: number[] = [];
      const child = fork(BURST, [t.baseUrl, '10'], {
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      const done = new Promise<Record<string, number>>((resolve, reject) => {
        child.once('message', (sources) => resolve(sources as Record<string, number>));
        child.once('exit', (code) => reject(new Error(`burst exited with ${code}`)));
      });
      child.send(paths);
      let bursting = true;
      void done.finally(() => (bursting = false));
      while (bursting) {
        const started = performance.now();
        await (await fetch(`${t.baseUrl}/healthz`)).arrayBuffer();
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      latencies.sort((a, b) => a - b);
      return { sources: await done, p99: latencies[Math.floor(latencies.length * 0.99)] };
    }

    it('keeps /healthz p99 under 50 ms (plus the load) through 500 cache-busting requests', async () => {
      const variants = [
        () => `/?cb=${noise()}`,
        () => `/?page=${1 + Math.floor(Math.random() * 1e6)}`,
        () => `/?category=${noise()}`,
        () => `/api/1/ip?cb=${noise()}`,
        () => `/api/${noise()}`,
        () => `/${noise()}`,
        () => `/about?${noise()}=1`,
      ];
      // The reference: as many asks for a page already stored, through the same client. On an
      // idle machine its p99 is a few ms; on a loaded one it measures the load.
      const reference = await healthzDuring(Array.from({ length: 500 }, () => '/'));
      const burst = await healthzDuring(
        Array.from({ length: 500 }, (_, n) => variants[n % variants.length]()),
      );
      expect(reference.sources).toEqual({ '200 hit': 500 });
      // Every ask answered, a working page each; renders within the address's budget (two fixed
      // windows when the burst spans a minute's end).
      const count = (pattern: RegExp) =>
        Object.entries(burst.sources)
          .filter(([key]) => pattern.test(key))
          .reduce((sum, [, n]) => sum + n, 0);
      expect(count(/^(200|404) (hit|miss|shell)$/)).toBe(500);
      expect(count(/ miss$/)).toBeLessThanOrEqual(2 * 60);
      // Under 50 ms on an idle machine (the reference a few ms); on a loaded one each of the
      // burst's renders stalls the loop longer, and the margin grows with the reference.
      // Rendering every ask (the old code) kept /healthz waiting for seconds.
      expect(burst.p99).toBeLessThan(50 + 4 * reference.p99);
    }, 180_000);
  });
});
