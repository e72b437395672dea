import { apiKeyHint, decryptApiKey, encryptApiKey, generateApiKey, hashApiKey } from './api-keys';

const SECRET = 'a'.repeat(32);

describe('API keys', () => {
  it('are pk_ plus 192 random bits, never repeating', () => {
    const keys = new Set(Array.from({ length: 1000 }, generateApiKey));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^pk_[A-Za-z0-9_-]{32}$/);
  });

  it('hash to sha256 hex and hint with the first 6 and last 4 characters', () => {
    expect(hashApiKey('pk_test')).toBe(
      '4cd87eb8bb26640d6ddae9d27afd08952e597754bb59f082e62b84a66e8e6ecf',
    );
    expect(apiKeyHint('pk_abcdefghijklmnop')).toBe('pk_abc...mnop');
  });

  it('round-trip through AES-GCM with the same secret only', () => {
    const key = generateApiKey();
    const sealed = encryptApiKey(key, SECRET);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(key);
    expect(encryptApiKey(key, SECRET)).not.toBe(sealed);
    expect(decryptApiKey(sealed, SECRET)).toBe(key);
    expect(decryptApiKey(sealed, 'b'.repeat(32))).toBeNull();
    expect(decryptApiKey(`${sealed.slice(0, -2)}AA`, SECRET)).toBeNull();
    expect(decryptApiKey('garbage', SECRET)).toBeNull();
  });
});
