import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The reference points of the benchmark: Fastify answering a JSON hello, nothing else, and
 * (given a JSON file) Fastify returning that object from /list, serialised per request as any
 * plain route would.
 */
const app = Fastify();
app.get('/hello', () => ({ success: true, message: 'hello' }));
const listFile = process.argv[3];
if (listFile) {
  const payload: unknown = JSON.parse(readFileSync(listFile, 'utf8'));
  app.get('/list', () => payload);
}
app
  .listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' })
  .then(() => process.send?.('ready'))
  .catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
