import { UNIT_CONVERT_HANDLERS } from './unit-convert';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(UNIT_CONVERT_HANDLERS);

describe('unit-convert', () => {
  it('converts length, weight and temperature', async () => {
    expect((await data('unit-convert', { value: '1', from: 'mi', to: 'km' })).result).toBe(
      1.609344,
    );
    expect((await data('unit-convert', { value: '1', from: 'kg', to: 'jin' })).result).toBe(2);
    expect((await data('unit-convert', { value: '212', from: 'F', to: 'c' })).result).toBe(100);
    expect((await data('unit-convert', { value: '0', from: 'k', to: 'c' })).result).toBe(-273.15);
  });

  it('rejects mixed categories, unknown units and impossible temperatures', async () => {
    await expectInvalid(
      'unit-convert',
      { value: '1', from: 'kg', to: 'km' },
      "parameter 'to' must be a weight unit",
    );
    await expectInvalid(
      'unit-convert',
      { value: '1', from: 'parsec', to: 'km' },
      "parameter 'from'",
    );
    await expectInvalid('unit-convert', { value: '-300', from: 'c', to: 'f' }, 'absolute zero');
    await expectInvalid('unit-convert', { value: 'NaN', from: 'm', to: 'km' }, "parameter 'value'");
    await expectInvalid(
      'unit-convert',
      { value: '1e400', from: 'm', to: 'km' },
      "parameter 'value'",
    );
  });
});
