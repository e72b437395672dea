import { codeHasher, codeHint, newCode, normalizeCode } from './redeem-codes';

const CODE = /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/;

it('makes codes of 20 Crockford base-32 characters, each of the 32 turning up', () => {
  const codes = Array.from({ length: 2000 }, newCode);
  for (const code of codes) expect(code).toMatch(CODE);
  expect(new Set(codes).size).toBe(2000);
  expect(new Set(codes.join('').replace(/-/g, '')).size).toBe(32);
});

it('reads a typed code without case, spaces or hyphens, and O, I, L as 0, 1, 1', () => {
  expect(normalizeCode(' abcde fghjk-mnpqr 7k2qd ')).toBe('ABCDE-FGHJK-MNPQR-7K2QD');
  expect(normalizeCode('OOOOO-IIIII-LLLLL-ooooo')).toBe('00000-11111-11111-00000');
  expect(normalizeCode('ABCDE-FGHJK-MNPQR-7K2Q')).toBeNull();
  expect(normalizeCode('ABCDE-FGHJK-MNPQR-7K2QDX')).toBeNull();
  expect(normalizeCode('UUUUU-FGHJK-MNPQR-7K2QD')).toBeNull();
  expect(normalizeCode('ABCDE_FGHJK_MNPQR_7K2QD')).toBeNull();
});

it('finds a code by an HMAC that depends on APP_SECRET', () => {
  const code = 'ABCDE-FGHJK-MNPQR-7K2QD';
  const hash = codeHasher('a'.repeat(32));
  expect(hash(code)).toMatch(/^[0-9a-f]{64}$/);
  expect(hash(code)).toBe(codeHasher('a'.repeat(32))(code));
  expect(hash(code)).not.toBe(codeHasher('b'.repeat(32))(code));
  expect(codeHint(code)).toBe('…-7K2QD');
});
