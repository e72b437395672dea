import { ADMIN_PASSWORD_FIELDS } from '@contracts/audit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { expectRefusedControl } from '../../../test/refusals';
import { failure, http, HttpResponse, ok, server } from '../../../test/server';
import { ACCOUNT } from '../i18n/account';
import PasswordPage from './PasswordPage';

function show() {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <PasswordPage />
      </MemoryRouter>
    </Provider>,
  );
}

async function fill(old: string, next: string, confirm = next) {
  if (old) await userEvent.type(screen.getByLabelText('当前密码'), old);
  if (next) await userEvent.type(screen.getByLabelText('新密码'), next);
  if (confirm) await userEvent.type(screen.getByLabelText('确认新密码'), confirm);
  await userEvent.click(screen.getByRole('button', { name: '修改密码' }));
}

describe('PasswordPage', () => {
  beforeEach(() => {
    server.use(
      http.get('/api/admin/get_two_factor.php', () =>
        ok({ enabled: false, recovery_codes_left: 0, required: false, setup_required: false }),
      ),
      http.get('/api/admin/get_admin_sessions.php', () =>
        ok({
          sessions: [
            {
              id: 'here',
              device: 'Chrome · Linux',
              ip: '127.0.0.1',
              created_at: '2026-11-27T08:00:00.000Z',
              last_seen_at: '2026-11-27T09:00:00.000Z',
              current: true,
            },
          ],
        }),
      ),
    );
  });

  it('lists the admin sessions again after a change, without the ended ones', async () => {
    const session = (id: string, current: boolean) => ({
      id,
      device: 'Firefox · Windows',
      ip: '203.0.113.7',
      created_at: '2026-11-27T08:00:00.000Z',
      last_seen_at: '2026-11-27T09:00:00.000Z',
      current,
    });
    let changed = false;
    server.use(
      http.get('/api/admin/get_admin_sessions.php', () =>
        ok({
          sessions: changed ? [session('a', true)] : [session('a', true), session('b', false)],
        }),
      ),
      http.post('/api/admin/change_password.php', () => {
        changed = true;
        return ok(null);
      }),
    );
    show();
    expect(await screen.findByRole('button', { name: '退出其他所有设备' })).toBeInTheDocument();
    expect(screen.getAllByText('Firefox · Windows')).toHaveLength(2);
    await fill('old-secret', 'new-secret');
    expect(await screen.findByText('没有其他设备登录此管理员账号。')).toBeInTheDocument();
    expect(screen.getAllByText('Firefox · Windows')).toHaveLength(1);
  });

  it('changes the password and says so in Chinese, emptying the form', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/admin/change_password.php', async ({ request }) => {
        bodies.push(await request.json());
        return ok(null, 'password changed');
      }),
    );
    show();
    await fill('old-secret', 'new-secret');
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT.password.done);
    expect(bodies).toEqual([{ old_password: 'old-secret', new_password: 'new-secret' }]);
    expect(screen.getByLabelText('当前密码')).toHaveValue('');
  });

  it.each([
    ['', 'new-secret', 'new-secret', ACCOUNT.password.required, '当前密码'],
    ['old-secret', 'short', 'short', ACCOUNT.password.length, '新密码'],
    ['old-secret', 'new-secret', 'other-secret', ACCOUNT.password.mismatch, '确认新密码'],
    ['same-secret', 'same-secret', 'same-secret', ACCOUNT.password.same, '新密码'],
  ])('refuses before sending: %s / %s / %s', async (old, next, confirm, text, field) => {
    let calls = 0;
    server.use(
      http.post('/api/admin/change_password.php', () => {
        calls += 1;
        return ok(null);
      }),
    );
    show();
    await fill(old, next, confirm);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText(field)).toHaveFocus();
    expect(screen.getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);
  });

  it('marks the current password when the server says it is wrong', async () => {
    server.use(
      http.post('/api/admin/change_password.php', () =>
        failure(400, {
          code: 'request.validation',
          field: 'old_password',
          message: 'The current password is incorrect.',
        }),
      ),
    );
    show();
    await fill('wrong-secret', 'new-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('当前密码不正确');
    expect(screen.getByLabelText('当前密码')).toHaveFocus();
  });

  // Every field change_password.php reads (its DTO, held by ADMIN_PASSWORD_FIELDS) lands on its
  // control, marked and focused, with a text of its own.
  it.each(ADMIN_PASSWORD_FIELDS)(
    'shows the server’s refusal of %s at its control',
    async (field) => {
      server.use(
        http.post('/api/admin/change_password.php', () =>
          failure(400, { code: 'request.validation', field, message: 'x' }),
        ),
      );
      show();
      await fill('old-secret', 'new-secret');
      await expectRefusedControl(document.getElementById(`password-${field}`));
    },
  );

  it('names a network failure in Chinese', async () => {
    server.use(http.post('/api/admin/change_password.php', () => HttpResponse.error()));
    show();
    await fill('old-secret', 'new-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('网络错误');
  });
});
