import { NAME_HANDLERS } from './name';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(NAME_HANDLERS);

describe('name', () => {
  it('generates names in either language and gender', async () => {
    const zh = await data('name', { lang: 'zh', gender: 'female', count: '20' });
    for (const entry of zh.names) {
      expect(entry.gender).toBe('female');
      expect(entry.name).toMatch(/^\p{Script=Han}{2,3}$/u);
    }
    const en = await data('name', { gender: 'MALE' });
    expect(en.names[0].name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    await expectInvalid('name', { lang: 'fr' }, "parameter 'lang' must be one of: en, zh");
  });
});
