import { stringify } from 'yaml';
import { AppError } from '../../common/app-error';
import { ParserWorker } from './parser-worker';

const operations = (count: number, pad = '') =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `/things${i}`,
      {
        get: {
          operationId: `thing${i}`,
          description: pad,
          responses: { '200': { description: 'ok' } },
        },
      },
    ]),
  );

const document = (paths: Record<string, unknown>) => ({
  openapi: '3.1.0',
  info: { title: 'x', version: '1' },
  servers: [{ url: 'https://upstream.example' }],
  paths,
});

describe('ParserWorker', () => {
  const worker = new ParserWorker();
  afterAll(() => worker.close());

  it('plans a document sent as text or as bytes, every entry in order', async () => {
    const text = stringify(document(operations(250)));
    const plan = await worker.plan(text);
    expect(plan.drafts.map((draft) => draft.name_en)).toEqual(
      Array.from({ length: 250 }, (_, i) => `thing${i}`),
    );
    expect(plan.skipped).toEqual([]);
    const bytes = Buffer.from(text);
    expect(await worker.plan(bytes)).toEqual(plan);
    // Moved to the worker, not copied.
    expect(bytes.buffer.byteLength).toBe(0);
  });

  it('hands back a refusal as the AppError it was', async () => {
    const refused = worker.plan('info: [unclosed');
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      code: 'openapi.invalid_document',
      status: 400,
      message: expect.stringMatching(/^OpenAPI 文档无效：不是合法的 JSON 或 YAML：.*line 1/),
    });
  });

  it('refuses a document past its time', async () => {
    const slow = new ParserWorker(1);
    await expect(slow.plan(stringify(document(operations(500))))).rejects.toMatchObject({
      code: 'openapi.invalid_document',
      message: 'OpenAPI 文档无效：处理超过 0.001 秒仍未完成，请简化或拆分文档后再导入',
    });
    await slow.close();
  });

  it('refuses a document that fills the worker’s heap, and a new worker takes the next', async () => {
    const small = new ParserWorker(60_000, 64);
    const huge = JSON.stringify(document(operations(20_000, 'x'.repeat(2_000))));
    await expect(small.plan(huge)).rejects.toMatchObject({
      code: 'openapi.invalid_document',
      message: 'OpenAPI 文档无效：处理所需内存超过 64 MB，请简化或拆分文档后再导入',
    });
    expect((await small.plan(stringify(document(operations(1))))).drafts).toHaveLength(1);
    await small.close();
  });
});
