import { DISABLE_TOTP_FIELDS, ENABLE_TOTP_FIELDS, START_TOTP_FIELDS } from '@contracts/two-factor';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { expectRefusedControl } from '../../../test/refusals';
import { failure, http, ok, server } from '../../../test/server';
import TwoFactorCard from './TwoFactorCard';

const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efg${i + 2}`);

/** A user without two-factor whose set-up takes `password` and `code`. */
function account() {
  let status = { enabled: false, recovery_codes_left: 0 };
  server.use(
    http.get('/api/user/get_two_factor.php', () => ok(status)),
    http.post('/api/user/start_totp.php', async ({ request }) => {
      const body = (await request.json()) as { current_password: string };
      if (body.current_password !== 'right-password') {
        return failure(400, {
          code: 'auth.current_password_wrong',
          field: 'current_password',
          message: 'wrong',
        });
      }
      return ok({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauth_uri: 'otpauth://totp/x',
        qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
      });
    }),
    http.post('/api/user/enable_totp.php', async ({ request }) => {
      const body = (await request.json()) as { code: string };
      if (body.code !== '123456') {
        return failure(400, { code: 'auth.two_factor_failed', field: 'code', message: 'no' });
      }
      status = { enabled: true, recovery_codes_left: 10 };
      return ok({ recovery_codes: CODES });
    }),
    http.post('/api/user/disable_totp.php', () => {
      status = { enabled: false, recovery_codes_left: 0 };
      return ok(null, 'off');
    }),
  );
}

function renderCard() {
  render(
    <Provider store={makeStore()}>
      <TwoFactorCard />
    </Provider>,
  );
}

describe('TwoFactorCard', () => {
  it('turns on: password, QR code and key, first code, then the recovery codes once', async () => {
    account();
    renderCard();
    expect(await screen.findByText(/^Off\./)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    expect(await screen.findByAltText('QR code for your authenticator app')).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    await userEvent.type(screen.getByLabelText('Authentication code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(
      await screen.findByText('The code is wrong, already used or expired.'),
    ).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Authentication code'));
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));

    const list = await screen.findByTestId('recovery-codes');
    expect(list.querySelectorAll('li')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText(/Recovery codes left: 10\./)).toBeInTheDocument();
    expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument();
  });

  it('turns off with the password and a code', async () => {
    account();
    server.use(
      http.get('/api/user/get_two_factor.php', () => ok({ enabled: true, recovery_codes_left: 7 })),
    );
    renderCard();
    expect(await screen.findByText(/Recovery codes left: 7\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Please fill in this field.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Current password'), 'right-password');
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
  });

  // Every field each call reads (its DTO, held by the contract's list) lands on its control.
  describe.each([
    ['start_totp.php', START_TOTP_FIELDS, 'Turn on', false],
    ['disable_totp.php', DISABLE_TOTP_FIELDS, 'Turn off', true],
  ] as const)('%s', (call, fields, button, enabled) => {
    it.each(fields)('shows the server’s refusal of %s at its field', async (field) => {
      server.use(
        http.get('/api/user/get_two_factor.php', () =>
          ok({ enabled, recovery_codes_left: enabled ? 7 : 0 }),
        ),
        http.post(`/api/user/${call}`, () =>
          failure(400, { code: 'request.validation', field, message: 'x' }),
        ),
      );
      renderCard();
      await userEvent.type(await screen.findByLabelText('Current password'), 'right-password');
      if (enabled) await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
      await userEvent.click(screen.getByRole('button', { name: button }));
      await expectRefusedControl(
        document.getElementById(`${enabled ? 'totp-disable' : 'totp-start'}-${field}`),
      );
    });
  });

  it.each(ENABLE_TOTP_FIELDS)(
    'shows enable_totp.php’s refusal of %s at its field',
    async (field) => {
      account();
      server.use(
        http.post('/api/user/enable_totp.php', () =>
          failure(400, { code: 'request.validation', field, message: 'x' }),
        ),
      );
      renderCard();
      await userEvent.type(await screen.findByLabelText('Current password'), 'right-password');
      await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
      await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
      await expectRefusedControl(document.getElementById(`totp-enable-${field}`));
    },
  );
});
