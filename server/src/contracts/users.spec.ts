import { registrationError } from './users';

describe('registrationError', () => {
  const ok = { username: 'alice_1', password: 'secret-pass', confirm_password: 'secret-pass' };

  it.each([
    [{ ...ok, username: '' }, 'users.fields_empty'],
    [{ ...ok, confirm_password: '' }, 'users.fields_empty'],
    [{ ...ok, confirm_password: 'secret-pasS' }, 'users.password_mismatch'],
    [
      { username: 'alice', password: '12345', confirm_password: '12345' },
      'users.password_too_short',
    ],
    [{ username: 'alice', password: 'x'.repeat(129) }, 'users.password_too_long'],
    [{ ...ok, username: 'ali-ce' }, 'users.username_invalid'],
    [{ ...ok, username: 'al' }, 'users.username_length'],
  ])('refuses %j with %s', (body, code) => {
    expect(registrationError(body)?.code).toBe(code);
  });

  it('checks in SPEC.md order: an empty field before a mismatch', () => {
    expect(registrationError({ username: '', password: 'a', confirm_password: 'b' })?.message).toBe(
      'all fields cannot be empty',
    );
  });

  it('accepts a good body, with or without the confirmation', () => {
    expect(registrationError(ok)).toBeNull();
    expect(registrationError({ username: 'alice', password: 'secret-pass' })).toBeNull();
  });
});
