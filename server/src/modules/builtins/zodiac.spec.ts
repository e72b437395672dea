import { ZODIAC_HANDLERS } from './zodiac';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(ZODIAC_HANDLERS);

describe('zodiac', () => {
  it('splits the Chinese year at Chinese New Year', async () => {
    expect((await data('zodiac', { date: '2024-02-09' })).chinese_zodiac).toEqual({
      animal: 'Rabbit',
      animal_zh: '兔',
      lunar_year: 2023,
      ganzhi: '癸卯',
    });
    expect((await data('zodiac', { date: '2024-02-10' })).chinese_zodiac.animal).toBe('Dragon');
  });

  it('finds the western sign at the boundaries', async () => {
    expect((await data('zodiac', { date: '2000-01-19' })).zodiac_sign.name).toBe('Capricorn');
    expect((await data('zodiac', { date: '2000-01-20' })).zodiac_sign.name).toBe('Aquarius');
    expect((await data('zodiac', { date: '2000-12-22' })).zodiac_sign.name_zh).toBe('摩羯座');
  });

  it('gives null age for future dates and rejects dates out of range', async () => {
    expect((await data('zodiac', { date: '2100-01-01' })).age).toBeNull();
    expect((await data('zodiac', { date: '1900-06-01' })).age).toBeGreaterThan(120);
    await expectInvalid('zodiac', { date: '1899-12-31' }, "parameter 'date'");
  });
});
