import Fastify from 'fastify';

/** The reference point of the benchmark: Fastify answering a JSON hello, nothing else. */
const app = Fastify();
app.get('/hello', () => ({ success: true, message: 'hello' }));
app
  .listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' })
  .then(() => process.send?.('ready'))
  .catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
