import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EnvSchema } from './env.schema';

describe('.env.example', () => {
  it('lists every variable the server reads, and nothing else', () => {
    const text = readFileSync(join(__dirname, '../../../.env.example'), 'utf8');
    const listed = [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.sort()).toEqual(Object.keys(new EnvSchema()).sort());
  });
});
