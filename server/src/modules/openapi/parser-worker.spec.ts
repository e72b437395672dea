import { stringify } from 'yaml';
import { ParserWorker, WorkerStepError, WorkerTimeout } from './parser-worker';

const OPTIONS = {
  resolve: { external: false, file: false },
  dereference: { circular: 'ignore' },
};

const doc = (schemas: Record<string, unknown>, schema: unknown) => ({
  openapi: '3.1.0',
  info: { title: 'x', version: '1' },
  paths: {
    '/a': {
      get: {
        responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } },
      },
    },
  },
  components: { schemas },
});

describe('ParserWorker', () => {
  const worker = new ParserWorker(20_000);
  afterAll(() => worker.close());

  it('parses YAML, and hands back the parser’s complaint', async () => {
    expect(await worker.parseYaml('openapi: 3.1.0\ninfo: { title: x }')).toEqual({
      openapi: '3.1.0',
      info: { title: 'x' },
    });
    const failed = worker.parseYaml('info: [unclosed');
    await expect(failed).rejects.toBeInstanceOf(WorkerStepError);
    await expect(failed).rejects.toThrow(/line 1/);
  });

  it('dereferences a valid document', async () => {
    const outcome = await worker.check(
      doc({ Pet: { type: 'string' } }, { $ref: '#/components/schemas/Pet' }),
      OPTIONS,
    );
    if (outcome.failure !== undefined) throw new Error(`refused: ${outcome.failure}`);
    const paths = outcome.document.paths as Record<string, any>;
    expect(paths['/a'].get.responses['200'].content['application/json'].schema).toEqual({
      type: 'string',
    });
  });

  it('keeps a reference back into its own schema, and says what failed', async () => {
    const node = { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } };
    const outcome = await worker.check(
      doc({ Node: node }, { $ref: '#/components/schemas/Node' }),
      OPTIONS,
    );
    if (outcome.failure !== undefined) throw new Error(`refused: ${outcome.failure}`);
    const schemas = outcome.document.components as Record<string, any>;
    expect(schemas.schemas.Node.properties.next).toEqual({ $ref: '#/components/schemas/Node' });
    expect(
      await worker.check(doc({}, { $ref: '#/components/schemas/Missing' }), OPTIONS),
    ).toMatchObject({ failure: 'reference', reason: expect.stringMatching(/Missing/) });
    const untitled = { ...doc({}, { type: 'string' }), info: { version: '1' } };
    expect(await worker.check(untitled, OPTIONS)).toMatchObject({
      failure: 'invalid',
      messages: [expect.stringMatching(/'title'/)],
    });
  });

  it('stops a step that runs past its time', async () => {
    const slow = new ParserWorker(1);
    const big = stringify({
      items: Array.from({ length: 20_000 }, (_, i) => ({ i, name: `n${i}` })),
    });
    await expect(slow.parseYaml(big)).rejects.toBeInstanceOf(WorkerTimeout);
    await slow.close();
  });
});
