import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { RenderWorker } from './render-worker';

/*
 * The render worker with a stand-in for the client's server entry: stopping the server while a
 * render is under way is not a failure (no page, no error), while a worker that dies is one.
 */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'portico-render-'));
  // Renders "/slow" never finish; "/exit" ends the worker; "/nice" is the render thread's nice
  // value; anything else is a page.
  writeFileSync(
    join(dir, 'entry.cjs'),
    `exports.render = ({ url }) => url === '/slow' ? new Promise(() => {}) :
      url === '/exit' ? process.exit(3) :
      url === '/nice' ? { status: 200, html: String(require('node:os').getPriority()) } :
      { status: 200, html: url };`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const input = (url: string) =>
  ({ url, lang: 'en', theme: 'light', origin: 'http://x', canonicalBase: 'http://x' }) as never;
const noFetch = () => Promise.reject(new Error('no data calls here'));

it('answers a render still under way with no page when it is closed', async () => {
  const worker = new RenderWorker(join(dir, 'entry.cjs'), noFetch);
  await expect(worker.render(input('/page'))).resolves.toMatchObject({ html: '/page' });
  const slow = worker.render(input('/slow'));
  await worker.close();
  await expect(slow).resolves.toBeNull();
});

it('fails the renders of a worker that died, and starts a new one for the next', async () => {
  const worker = new RenderWorker(join(dir, 'entry.cjs'), noFetch);
  await expect(worker.render(input('/exit'))).rejects.toThrow('render worker exited with 3');
  await expect(worker.render(input('/again'))).resolves.toMatchObject({ html: '/again' });
  await worker.close();
});

it('renders on a thread that yields the core to the event loop, which keeps its priority', async () => {
  const worker = new RenderWorker(join(dir, 'entry.cjs'), noFetch);
  await expect(worker.render(input('/nice'))).resolves.toMatchObject({ html: '10' });
  expect(getPriority()).toBe(0);
  await worker.close();
});
