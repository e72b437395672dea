import { JWT_DECODE_HANDLERS } from './jwt-decode';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(JWT_DECODE_HANDLERS);

const jwtPart = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('jwt-decode', () => {
  it('decodes the header, payload and time claims', async () => {
    const token = `${jwtPart({ alg: 'HS256' })}.${jwtPart({ sub: 'u1', iat: 1_700_000_000, exp: 1_700_000_060 })}.sig`;
    expect(await data('jwt-decode', { token: `Bearer ${token}` })).toEqual({
      header: { alg: 'HS256' },
      payload: { sub: 'u1', iat: 1_700_000_000, exp: 1_700_000_060 },
      signature: 'sig',
      issued_at: '2023-11-14T22:13:20.000Z',
      not_before: null,
      expires_at: '2023-11-14T22:14:20.000Z',
      expired: true,
      verified: false,
    });
  });

  it('copes with absurd claim values', async () => {
    const token = `${jwtPart({ alg: 'none' })}.${jwtPart({ exp: 1e300, iat: 'yesterday' })}.`;
    expect(await data('jwt-decode', { token })).toMatchObject({
      expires_at: null,
      issued_at: null,
      expired: null,
    });
  });

  it('rejects malformed tokens', async () => {
    await expectInvalid('jwt-decode', { token: 'abc.def' }, 'three dot-separated parts');
    await expectInvalid('jwt-decode', { token: 'a.b.c.d.e' }, 'JWE');
    await expectInvalid(
      'jwt-decode',
      { token: `${jwtPart([1])}.${jwtPart({})}.x` },
      "header in parameter 'token' is not a JSON object",
    );
    await expectInvalid(
      'jwt-decode',
      { token: `${jwtPart({})}.bm90IGpzb24.x` },
      "payload in parameter 'token' is not JSON",
    );
    await expectInvalid(
      'jwt-decode',
      { token: `${jwtPart({})}.@@@.x` },
      "the payload in parameter 'token' is not base64url",
    );
    const deepPayload = Buffer.from(`{"a":${'['.repeat(500)}${']'.repeat(500)}}`).toString(
      'base64url',
    );
    await expectInvalid(
      'jwt-decode',
      { token: `${jwtPart({})}.${deepPayload}.x` },
      'nested deeper',
    );
  });
});
