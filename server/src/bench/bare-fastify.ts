import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The reference points of the benchmark: Fastify answering a JSON hello, nothing else; given a
 * JSON file, Fastify returning that object from /list, serialised per request as any plain route
 * would; given `/<path>=<file>.br`, Fastify sending that file's bytes from /<path> as a
 * brotli-encoded HTML page (a stored page: the very bytes Portico sends).
 */
const app = Fastify();
app.get('/hello', () => ({ success: true, message: 'hello' }));
for (const arg of process.argv.slice(3)) {
  const page = /^(\/[^=]*)=(.+\.br)$/.exec(arg);
  if (page) {
    const body = readFileSync(page[2]);
    app.get(page[1], (_request, reply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-encoding', 'br')
        .header('vary', 'cookie, accept-encoding')
        .send(body),
    );
    continue;
  }
  const payload: unknown = JSON.parse(readFileSync(arg, 'utf8'));
  app.get('/list', () => payload);
}
app
  .listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' })
  .then(() => process.send?.('ready'))
  .catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
