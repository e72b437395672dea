import { OIDC_PROVIDER_FIELDS } from '@contracts/oidc';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { expectRefusedControl } from '../../../test/refusals';
import { failure, http, ok, server } from '../../../test/server';
import SignInProvidersPage from './SignInProvidersPage';

const KEYCLOAK = {
  id: 3,
  kind: 'oidc',
  name: 'Keycloak',
  issuer: 'https://sso.example.com/realms/main',
  client_id: 'portico',
  client_secret_set: true,
  enabled: 1,
  linked_users: 2,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

function show(redirectUri = 'https://api.example.com/api/oidc_callback.php') {
  const saved: unknown[] = [];
  server.use(
    http.get('/api/admin/get_oidc_providers.php', () =>
      ok({ providers: [KEYCLOAK], redirect_uri: redirectUri }),
    ),
    http.post('/api/admin/save_oidc_provider.php', async ({ request }) => {
      const body = (await request.json()) as { issuer: string };
      saved.push(body);
      if (body.issuer.includes('typo')) {
        return failure(400, { code: 'oidc.issuer_invalid', field: 'issuer', message: 'x' });
      }
      return ok(KEYCLOAK, '保存成功');
    }),
  );
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <SignInProvidersPage />
      </MemoryRouter>
    </Provider>,
  );
  return saved;
}

describe('SignInProvidersPage', () => {
  it('lists the providers and the callback address to register with them', async () => {
    show();
    const row = await screen.findByRole('row', { name: /Keycloak/ });
    expect(within(row).getByText('https://sso.example.com/realms/main')).toBeInTheDocument();
    expect(screen.getByText('https://api.example.com/api/oidc_callback.php')).toBeInTheDocument();
  });

  it('asks for the site address when the callback address cannot be made', async () => {
    show('');
    expect(
      await screen.findByText('请先在「网站配置」中设置网站地址，才能生成回调地址。'),
    ).toBeInTheDocument();
  });

  it('keeps the secret when left blank, and marks the issuer the server refused', async () => {
    const saved = show();
    const row = await screen.findByRole('row', { name: /Keycloak/ });
    await userEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByLabelText('Client Secret')).toHaveAttribute(
      'placeholder',
      '已设置，留空则不修改',
    );
    const issuer = within(dialog).getByLabelText('Issuer 地址');
    await userEvent.clear(issuer);
    await userEvent.type(issuer, 'https://typo.example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(
      await within(dialog).findByText('Issuer 地址无效或无法读取其 OpenID 配置'),
    ).toBeVisible();
    expect(issuer).toHaveClass('is-invalid');
    expect(saved).toEqual([
      {
        id: 3,
        kind: 'oidc',
        name: 'Keycloak',
        issuer: 'https://typo.example.com',
        client_id: 'portico',
        client_secret: '',
        enabled: 1,
      },
    ]);
  });

  // Every field save_oidc_provider.php reads (its DTO, held by OIDC_PROVIDER_FIELDS) lands on a
  // visible control that takes the focus, is marked and names a text of its own.
  it.each(OIDC_PROVIDER_FIELDS)(
    'shows the server’s refusal of %s at its control',
    async (field) => {
      show();
      server.use(
        http.post('/api/admin/save_oidc_provider.php', () =>
          failure(400, { code: 'request.validation', field, message: 'x' }),
        ),
      );
      const row = await screen.findByRole('row', { name: /Keycloak/ });
      await userEvent.click(within(row).getByRole('button', { name: '编辑' }));
      await userEvent.click(
        within(screen.getByRole('dialog')).getByRole('button', { name: '保存' }),
      );
      await expectRefusedControl(document.getElementById(`oidc-${field}`));
      expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull();
    },
  );

  it('asks a new provider for every field before saving', async () => {
    const saved = show();
    await userEvent.click(await screen.findByRole('button', { name: '添加登录方式' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('请填写 Client Secret')).toBeInTheDocument();
    expect(within(dialog).getByText('地址须为 http(s) 地址')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('fills in the address and name of GitHub when it is chosen', async () => {
    const saved = show();
    await userEvent.click(await screen.findByRole('button', { name: '添加登录方式' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText('类型'), 'github');
    expect(within(dialog).getByLabelText('GitHub 地址')).toHaveValue('https://github.com');
    expect(within(dialog).getByLabelText('名称')).toHaveValue('GitHub');
    await userEvent.type(within(dialog).getByLabelText('Client ID'), 'Iv1.abc');
    await userEvent.type(within(dialog).getByLabelText('Client Secret'), 'shh');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('保存成功')).toBeInTheDocument();
    expect(saved).toEqual([
      {
        kind: 'github',
        name: 'GitHub',
        issuer: 'https://github.com',
        client_id: 'Iv1.abc',
        client_secret: 'shh',
        enabled: 1,
      },
    ]);
  });
});
