import {
  box,
  describeDatabase,
  firstAdminMessage,
  nativeModuleProblem,
  startupLines,
} from './startup';

describe('start-up banner', () => {
  it('names the database without its credentials', () => {
    expect(describeDatabase('sqlite:./data/portico.db')).toBe('SQLite ./data/portico.db');
    expect(describeDatabase('mysql://portico:secret@db.internal:3307/portico')).toBe(
      'MySQL db.internal:3307/portico',
    );
  });

  it('says whether demo data was seeded, and why not', () => {
    const facts = { siteUrl: 's', adminUrl: 'a', database: 'd' };
    expect(startupLines({ ...facts, seedDemo: true, seed: { demoSeeded: true } })[3]).toBe(
      'Demo data: seeded now (SEED_DEMO=true, the database was empty)',
    );
    expect(startupLines({ ...facts, seedDemo: true, seed: { demoSeeded: false } })[3]).toBe(
      'Demo data: not seeded (the database already has content)',
    );
    expect(startupLines({ ...facts, seedDemo: false, seed: { demoSeeded: false } })[3]).toBe(
      'Demo data: off (SEED_DEMO=false)',
    );
  });

  it('gives the generated password with a hint that works once an admin exists', () => {
    const message = firstAdminMessage({ username: 'admin', generatedPassword: 'pw-123' });
    expect(message).toContain('pw-123');
    expect(message).toContain('npm run admin -- reset-password admin');
    expect(message).not.toContain('ADMIN_PASSWORD');
    expect(box(['ab', 'abcd'])).toBe('+------+\n| ab   |\n| abcd |\n+------+');
  });

  it('finds native modules that load, and says how to fix one that does not', () => {
    expect(nativeModuleProblem()).toBeNull();
    const problem = nativeModuleProblem(['portico-no-such-native-module']);
    expect(problem).toContain('failed to load: portico-no-such-native-module');
    expect(problem).toContain('npm rebuild portico-no-such-native-module');
  });
});
