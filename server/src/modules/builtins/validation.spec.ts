import { VALIDATION_HANDLERS } from './validation';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(VALIDATION_HANDLERS);

describe('luhn', () => {
  it('validates numbers, computes the check digit and names the brand', async () => {
    expect(await data('luhn', { number: '4111-1111-1111-1111' })).toEqual({
      number: '4111111111111111',
      valid: true,
      check_digit: 1,
      brand: 'Visa',
    });
    expect(await data('luhn', { number: '6222021234567890' })).toMatchObject({
      valid: false,
      check_digit: 4,
      brand: 'UnionPay',
    });
    expect(await data('luhn', { number: '79927398713' })).toMatchObject({
      valid: true,
      brand: null,
    });
    await expectInvalid('luhn', { number: '4111x' }, "parameter 'number'");
  });
});

describe('email-check', () => {
  it('accepts ordinary and internationalised addresses', async () => {
    expect(await data('email-check', { email: 'Alice.Smith+tag@Example.COM' })).toMatchObject({
      valid: true,
      normalized: 'Alice.Smith+tag@example.com',
    });
    expect((await data('email-check', { email: 'user@例子.中国' })).domain).toBe(
      'xn--fsqu00a.xn--fiqs8s',
    );
  });

  it.each([
    'plainaddress',
    'a..b@x.com',
    'x@localhost',
    'x@-bad.com',
    'x@exa mple.com',
    `${'a'.repeat(65)}@x.com`,
    'x@x.c0m',
    'a@b@c.com',
  ])('explains why %s is invalid', async (email) => {
    const result = await data('email-check', { email });
    expect(result.valid).toBe(false);
    expect(typeof result.reason).toBe('string');
  });
});
