import { LOREM_HANDLERS } from './lorem';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(LOREM_HANDLERS);

describe('lorem', () => {
  it('starts with the classic opening', async () => {
    const result = await data('lorem', { paragraphs: '4' });
    expect(result.paragraphs).toHaveLength(4);
    expect(result.paragraphs[0]).toMatch(
      /^Lorem ipsum dolor sit amet, consectetur adipiscing elit\. /,
    );
    expect(result.text.split('\n\n')).toEqual(result.paragraphs);
    await expectInvalid('lorem', { paragraphs: '11' }, "parameter 'paragraphs'");
  });
});
