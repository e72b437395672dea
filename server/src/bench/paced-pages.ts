import { Agent, get } from 'node:http';

/**
 * The benchmark's crowd of browsers: asks for argv[2] (brotli accepted) at argv[3] requests a
 * second for argv[4] seconds, evenly paced on up to 64 connections. autocannon's rate sends each
 * second's requests at once at its start, a burst no crowd of browsers makes. Answers are read and
 * dropped; how many came back and how many were not 2xx go to the parent.
 */
const [url, rate, seconds] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const TICK_MS = 5;
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
let done = 0;
let failed = 0;

const one = () =>
  new Promise<void>((finish) => {
    get(url, { agent, headers: { 'accept-encoding': 'br' } }, (res) => {
      if (res.statusCode === undefined || res.statusCode >= 300) failed += 1;
      res.resume();
      res.on('end', () => {
        done += 1;
        finish();
      });
    }).on('error', () => {
      failed += 1;
      finish();
    });
  });

async function main(): Promise<void> {
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  while (Date.now() < deadline) {
    const due = Math.floor(((Date.now() - started) / 1000) * rate);
    for (; sent < due; sent += 1) {
      const request = one();
      inFlight.add(request);
      void request.then(() => inFlight.delete(request));
    }
    await new Promise((r) => setTimeout(r, TICK_MS));
  }
  await Promise.all(inFlight);
  agent.destroy();
  process.send?.({ done, failed });
}

void main();
