import { DISABLE_TOTP_FIELDS, ENABLE_TOTP_FIELDS, START_TOTP_FIELDS } from '@contracts/two-factor';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { expectRefusedControl } from '../../../test/refusals';
import { failure, http, ok, server } from '../../../test/server';
import AdminTwoFactorCard from './AdminTwoFactorCard';

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_uri: 'otpauth://totp/x',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};

function show(enabled: boolean) {
  server.use(
    http.get('/api/admin/get_two_factor.php', () =>
      ok({
        enabled,
        recovery_codes_left: enabled ? 7 : 0,
        required: false,
        setup_required: false,
      }),
    ),
    http.post('/api/admin/start_totp.php', () => ok(SETUP)),
  );
  render(
    <Provider store={makeStore()}>
      <AdminTwoFactorCard />
    </Provider>,
  );
}

const refuse = (call: string, field: string) =>
  server.use(
    http.post(`/api/admin/${call}`, () =>
      failure(400, { code: 'request.validation', field, message: 'x' }),
    ),
  );

// Every field each call reads (its DTO, held by the contract's list) lands on the control of the
// form that sent it, marked and focused, with a text of its own.
describe('AdminTwoFactorCard', () => {
  it.each(START_TOTP_FIELDS)('shows start_totp.php’s refusal of %s at its field', async (field) => {
    show(false);
    refuse('start_totp.php', field);
    await userEvent.type(await screen.findByLabelText('登录密码'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: '开启两步验证' }));
    await expectRefusedControl(document.getElementById(`admin-totp-start-${field}`));
  });

  it.each(ENABLE_TOTP_FIELDS)(
    'shows enable_totp.php’s refusal of %s at its field',
    async (field) => {
      show(false);
      refuse('enable_totp.php', field);
      await userEvent.type(await screen.findByLabelText('登录密码'), 'secret');
      await userEvent.click(screen.getByRole('button', { name: '开启两步验证' }));
      await userEvent.type(await screen.findByLabelText('6 位验证码'), '123456');
      await userEvent.click(screen.getByRole('button', { name: '确认开启' }));
      await expectRefusedControl(document.getElementById(`admin-totp-enable-${field}`));
    },
  );

  it.each(DISABLE_TOTP_FIELDS)(
    'shows disable_totp.php’s refusal of %s at its field',
    async (field) => {
      show(true);
      refuse('disable_totp.php', field);
      await userEvent.type(await screen.findByLabelText('登录密码'), 'secret');
      await userEvent.type(screen.getByLabelText('验证码或恢复码'), '123456');
      await userEvent.click(screen.getByRole('button', { name: '关闭两步验证' }));
      await expectRefusedControl(document.getElementById(`admin-totp-disable-${field}`));
    },
  );

  it('says a refusal of a field the form does not have above it', async () => {
    show(false);
    refuse('start_totp.php', 'code');
    await userEvent.type(await screen.findByLabelText('登录密码'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: '开启两步验证' }));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(screen.getByLabelText('登录密码')).not.toHaveAttribute('aria-invalid', 'true');
  });
});
