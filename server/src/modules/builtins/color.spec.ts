import { COLOR_HANDLERS } from './color';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(COLOR_HANDLERS);

describe('color', () => {
  it.each(['#409EFF', '409eff', 'rgb(64, 158, 255)', 'rgba(64,158,255,0.5)'])(
    'parses %s',
    async (color) => {
      expect(await data('color', { color })).toMatchObject({
        hex: '#409eff',
        rgb: { r: 64, g: 158, b: 255 },
      });
    },
  );

  it('converts HSL and names, and picks readable text', async () => {
    expect(await data('color', { color: 'hsl(210, 50%, 40%)' })).toMatchObject({
      hex: '#336699',
      text_color: '#ffffff',
    });
    expect(await data('color', { color: 'white' })).toMatchObject({
      hsl: { h: 0, s: 0, l: 100 },
      text_color: '#000000',
    });
    expect((await data('color', { color: '#f80' })).hex).toBe('#ff8800');
  });

  it('rejects anything else', async () => {
    for (const color of [
      'rgb(256,0,0)',
      'hsl(400, 10%, 10%)',
      '#12345',
      'constructor',
      'blurple',
    ]) {
      await expectInvalid('color', { color }, "parameter 'color'");
    }
  });
});
