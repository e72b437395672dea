import { PASSWORD_HANDLERS } from './password';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(PASSWORD_HANDLERS);

describe('password', () => {
  it('includes every character class and respects the length', async () => {
    const result = await data('password', { length: '6', count: '20' });
    expect(result.passwords).toHaveLength(20);
    for (const password of result.passwords) {
      expect(password).toHaveLength(6);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
      expect(password).not.toMatch(/[0O1lI]/);
    }
    const plain = await data('password', { symbols: 'false', length: '128' });
    expect(plain.passwords[0]).toMatch(/^[A-Za-z0-9]{128}$/);
  });

  it('rejects lengths outside 6-128', async () => {
    await expectInvalid('password', { length: '5' }, "parameter 'length'");
    await expectInvalid('password', { length: '129' }, "parameter 'length'");
  });
});
