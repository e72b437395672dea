import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, detectDatabaseKind } from '../src/database/data-source-options';
import { MIGRATIONS } from '../src/database/migrations';
import { ApiKeys1795600000001 } from '../src/database/migrations/1795600000001-ApiKeys';
import {
  apiKeyHint,
  encryptApiKey,
  generateApiKey,
  hashApiKey,
} from '../src/modules/keys/api-keys';
import { createGatewayApi } from './factories/gateway';
import { freshDatabase, startTestApp, TEST_DATABASES } from './harness';

describe.each(TEST_DATABASES)('the api_keys migration [%s]', (db) => {
  it('moves every existing key into api_keys as its user’s default key, still working', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-keys-migration-'));
    const database = await freshDatabase(db, dir);
    const appSecret = randomBytes(32).toString('hex');
    try {
      // The schema as it was before api_keys, with two users holding keys on their rows.
      const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(ApiKeys1795600000001));
      const old = new DataSource({
        ...buildDataSourceOptions(database.url, await detectDatabaseKind(database.url)),
        migrations: before,
      });
      await old.initialize();
      await old.runMigrations();
      const keys = [generateApiKey(), generateApiKey()];
      for (const [i, key] of keys.entries()) {
        await old.query(
          "INSERT INTO users (username, username_key, password_hash, balance_milli, api_key_hash, api_key_enc, api_key_hint, status) VALUES (?, ?, 'x', 0, ?, ?, ?, 1)",
          [`old_${i}`, `old_${i}`, hashApiKey(key), encryptApiKey(key, appSecret), apiKeyHint(key)],
        );
      }
      await old.destroy();

      const t = await startTestApp(db, { DATABASE_URL: database.url, APP_SECRET: appSecret });
      try {
        const rows = await t.dataSource.query<Record<string, unknown>[]>(
          'SELECT u.username, k.is_default, k.key_hash, k.key_hint FROM api_keys k JOIN users u ON u.id = k.user_id ORDER BY u.username',
        );
        expect(rows.map((r) => ({ ...r, is_default: Number(r.is_default) }))).toEqual(
          keys.map((key, i) => ({
            username: `old_${i}`,
            is_default: 1,
            key_hash: hashApiKey(key),
            key_hint: apiKeyHint(key),
          })),
        );
        const runner = t.dataSource.createQueryRunner();
        const users = await runner.getTable('users');
        await runner.release();
        expect(users?.columns.map((c) => c.name)).not.toContain('api_key_hash');
        const api = await createGatewayApi(t);
        for (const key of keys) {
          const res = await t.client().get(`/apis/${api.name_en}`, {
            headers: { 'x-api-key': key },
          });
          expect(res.status).toBe(200);
        }
      } finally {
        await t.close();
      }
    } finally {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
