import { randomBytes } from 'node:crypto';
import { box } from '../startup';
import { Admin, AdminRecoveryCode, AdminTotp, Session } from '../database/entities';
import { migrateOnStart, withStartupLock } from '../database/migrate';
import type { Env } from '../env/env';
import { hashPassword } from '../common/passwords';
import { withDatabase } from './database';
import { runCli } from './run';

const USAGE =
  'usage: npm run admin -- reset-password <name> | reset-two-factor <name> | create <name>';
const ADMIN_NAME = /^[A-Za-z0-9_]{3,32}$/;

/**
 * `reset-password <name>`: a new generated password for an administrator, whose sessions end;
 * `reset-two-factor <name>`: an administrator who lost the authenticator and the recovery codes
 * signs in with the password alone again (their sessions end; where the site requires two-factor,
 * the next sign-in sets up a new one);
 * `create <name>`: another administrator with a generated password. Answers the exit code.
 */
export async function adminCommand(
  argv: readonly string[],
  env: Env,
  print: (text: string) => void,
): Promise<number> {
  const [command, name, ...rest] = argv;
  if (
    !['reset-password', 'reset-two-factor', 'create'].includes(command) ||
    !name ||
    rest.length > 0
  ) {
    print(USAGE);
    return 2;
  }
  if (!ADMIN_NAME.test(name)) {
    print('an administrator name has 3 to 32 letters, digits or underscores');
    return 2;
  }
  return withDatabase(env, async (dataSource) => {
    await withStartupLock(dataSource, () => migrateOnStart(dataSource, env.MIGRATE_ON_START));
    const admins = dataSource.getRepository(Admin);
    const existing = await admins.findOneBy({ username: name });
    if (command === 'create' && existing) {
      print(`an administrator named "${name}" exists already: use reset-password`);
      return 1;
    }
    if (command !== 'create' && !existing) {
      print(`no administrator is named "${name}": use create`);
      return 1;
    }
    if (command === 'reset-two-factor' && existing) {
      const removed = await dataSource.transaction(async (manager) => {
        const totp = await manager.delete(AdminTotp, { admin_id: existing.id });
        await manager.delete(AdminRecoveryCode, { admin_id: existing.id });
        await manager.delete(Session, { kind: 'admin', subject_id: existing.id });
        return totp.affected ?? 0;
      });
      print(
        removed > 0
          ? `Two-factor authentication removed for administrator "${name}": the password alone signs in.`
          : `Administrator "${name}" had no two-factor authentication; nothing changed.`,
      );
      return 0;
    }
    const password = randomBytes(12).toString('base64url');
    const password_hash = await hashPassword(password);
    if (existing) {
      await admins.update({ id: existing.id }, { password_hash });
      await dataSource.getRepository(Session).delete({ kind: 'admin', subject_id: existing.id });
    } else {
      await admins.insert({ username: name, password_hash, last_login_at: null });
    }
    print(
      box([
        existing ? `New password for administrator "${name}":` : `Administrator "${name}" created:`,
        '',
        `  ${password}`,
        '',
        'Shown once: keep it in a password manager.',
      ]),
    );
    return 0;
  });
}

if (require.main === module)
  runCli((env, print) => adminCommand(process.argv.slice(2), env, print));
