import { SLUGIFY_HANDLERS } from './slugify';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(SLUGIFY_HANDLERS);

describe('slugify', () => {
  it('strips accents and joins words', async () => {
    expect((await data('slugify', { text: '  Héllo Wörld: Straße & Ærø!  ' })).slug).toBe(
      'hello-world-strasse-and-aero',
    );
    expect((await data('slugify', { text: 'Snake Case', separator: '_' })).slug).toBe('snake_case');
    expect((await data('slugify', { text: '你好' })).slug).toBe('');
    await expectInvalid('slugify', { text: 'x', separator: '.' }, "parameter 'separator'");
  });
});
