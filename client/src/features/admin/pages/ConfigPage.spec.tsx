import { SITE_CONFIG_FIELDS } from '@contracts/site';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { expectRefusedControl } from '../../../test/refusals';
import { failure, http, ok, server } from '../../../test/server';
import ConfigPage from './ConfigPage';

const CONFIG = {
  site_title: 'Portico API',
  site_keywords: 'api',
  site_description: 'd',
  site_favicon: '/favicon.svg',
  site_url: '',
  copyright: '© 2026',
  copyright_en: '',
  icp: '',
  analytics_code: '',
  home_notice: '',
  home_notice_en: '',
  email_verification: 0,
  admin_two_factor_required: 0,
  health_degraded_success: 95,
  health_degraded_p95_ms: 3000,
  health_down_success: 50,
  health_down_probe_failures: 3,
  health_auto_maintenance: 0,
  health_alert_email: '',
  health_alert_webhook_url: '',
  health_alert_webhook_secret: 'a'.repeat(64),
  mail_enabled: true,
  site_start_time: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

async function show(config: object = CONFIG, ownTwoFactor = false) {
  server.use(
    http.get('/api/admin/get_config.php', () => ok(config)),
    http.get('/api/admin/get_two_factor.php', () =>
      ok({
        enabled: ownTwoFactor,
        recovery_codes_left: ownTwoFactor ? 10 : 0,
        required: false,
        setup_required: false,
      }),
    ),
  );
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <ConfigPage />
      </MemoryRouter>
    </Provider>,
  );
  return screen.findByLabelText('网站地址');
}

describe('ConfigPage', () => {
  it('refuses a site address that is not one at the field, sending nothing', async () => {
    let sent = 0;
    server.use(http.post('/api/admin/update_config.php', () => ((sent += 1), ok(CONFIG))));
    const siteUrl = await show();
    await userEvent.type(siteUrl, 'not a url');
    await userEvent.click(screen.getByRole('button', { name: '保存配置' }));
    expect(siteUrl).toHaveAttribute('aria-invalid', 'true');
    expect(siteUrl).toHaveFocus();
    expect(screen.getByText(/网站地址格式不正确/)).toBeVisible();
    expect(screen.queryByText('保存成功')).toBeNull();
    expect(sent).toBe(0);

    // Correcting the field clears its message, and the save goes through.
    await userEvent.clear(siteUrl);
    await userEvent.type(siteUrl, 'https://api.example.com');
    expect(siteUrl).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: '保存配置' }));
    await screen.findByText('保存成功');
    expect(sent).toBe(1);
  });

  it('marks the field the server names', async () => {
    server.use(
      http.post('/api/admin/update_config.php', () =>
        failure(400, {
          message: 'favicon URL format is incorrect',
          code: 'request.validation',
          field: 'site_favicon',
        }),
      ),
    );
    await show();
    await userEvent.click(screen.getByRole('button', { name: '保存配置' }));
    const favicon = screen.getByLabelText('Favicon 链接');
    await screen.findAllByText(/Favicon 链接格式不正确/);
    expect(favicon).toHaveAttribute('aria-invalid', 'true');
    expect(favicon).toHaveFocus();
  });

  // Every field update_config.php reads (its DTO, held by SITE_CONFIG_FIELDS) lands on a visible
  // control that takes the focus, is marked and names a text of its own under it.
  it.each(SITE_CONFIG_FIELDS)('shows the server’s refusal of %s at its control', async (field) => {
    server.use(
      http.post('/api/admin/update_config.php', () =>
        failure(400, { message: 'x', code: 'request.validation', field }),
      ),
    );
    await show(CONFIG, true);
    await userEvent.click(screen.getByRole('button', { name: '保存配置' }));
    await expectRefusedControl(document.getElementById(`config-${field}`));
  });

  it('clears a refused switch’s message once the switch is turned', async () => {
    server.use(
      http.post('/api/admin/update_config.php', () =>
        failure(400, {
          message: 'x',
          code: 'request.validation',
          field: 'health_auto_maintenance',
        }),
      ),
    );
    await show();
    await userEvent.click(screen.getByRole('button', { name: '保存配置' }));
    const toggle = screen.getByLabelText('自动维护');
    await expectRefusedControl(toggle);
    expect(document.getElementById('config-health_auto_maintenance-error')).toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(toggle).not.toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById('config-health_auto_maintenance-error')).toBeNull();
  });

  it('saves the footer and the home notice in English beside the Chinese', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/admin/update_config.php', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return ok(null, 'config updated');
      }),
    );
    await show();
    await userEvent.type(screen.getByLabelText('英文版权信息'), '© 2026 Portico');
    await userEvent.type(screen.getByLabelText('英文首页公告'), 'Welcome');
    await userEvent.click(screen.getByRole('button', { name: '保存配置' }));
    await screen.findByText('保存成功');
    expect(bodies[0]).toMatchObject({ copyright_en: '© 2026 Portico', home_notice_en: 'Welcome' });
  });

  it('says the analytics code goes into every public page, as the server does', async () => {
    await show();
    expect(screen.getByLabelText('统计代码')).toHaveAccessibleDescription(
      '原样插入每个公开页面的 <head>，后台页面不插入',
    );
  });

  it('describes each field by its help text', async () => {
    await show();
    const helps = [...document.querySelectorAll<HTMLElement>('.form-text')];
    expect(helps.length).toBeGreaterThan(5);
    const unlinked = helps.filter(
      (help) => !help.id || !document.querySelector(`[aria-describedby~="${help.id}"]`),
    );
    expect(unlinked.map((help) => help.textContent)).toEqual([]);
  });

  it('marks the English home notice when the server refuses it', async () => {
    server.use(
      http.post('/api/admin/update_config.php', () =>
        failure(400, {
          message: 'English home notice is too long (max 20000 characters)',
          code: 'request.validation',
          field: 'home_notice_en',
        }),
      ),
    );
    await show();
    await userEvent.click(screen.getByRole('button', { name: '保存配置' }));
    const notice = screen.getByLabelText('英文首页公告');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(notice).toHaveAttribute('aria-invalid', 'true');
    expect(notice).toHaveAccessibleDescription(/英文首页公告过长/);
  });

  it('turns e-mail verification on where mail can go out', async () => {
    const bodies: { email_verification?: number }[] = [];
    server.use(
      http.post('/api/admin/update_config.php', async ({ request }) => {
        bodies.push((await request.json()) as { email_verification?: number });
        return ok({ ...CONFIG, email_verification: 1 });
      }),
    );
    await show();
    const toggle = screen.getByLabelText('注册需验证邮箱');
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: '保存配置' }));
    expect(await screen.findByText('保存成功')).toBeVisible();
    expect(bodies[0].email_verification).toBe(1);
  });

  it('cannot turn e-mail verification on without mail, and says why', async () => {
    await show({ ...CONFIG, mail_enabled: false });
    expect(screen.getByLabelText('注册需验证邮箱')).toBeDisabled();
    expect(screen.getByText(/需先配置邮件发送（SMTP_URL）/)).toBeVisible();
  });

  it('requires two-factor of administrators only once the admin has it, and says where to turn it on', async () => {
    await show();
    expect(screen.getByLabelText('要求管理员开启两步验证')).toBeDisabled();
    expect(screen.getByRole('link', { name: '修改密码' })).toHaveAttribute(
      'href',
      '/admin/password',
    );
  });

  it('sends the requirement when the admin has two-factor on', async () => {
    const bodies: { admin_two_factor_required?: number }[] = [];
    server.use(
      http.post('/api/admin/update_config.php', async ({ request }) => {
        bodies.push((await request.json()) as { admin_two_factor_required?: number });
        return ok({ ...CONFIG, admin_two_factor_required: 1 });
      }),
    );
    await show(CONFIG, true);
    const toggle = screen.getByLabelText('要求管理员开启两步验证');
    await screen.findByText(/^开启后，每位管理员登录时/);
    expect(toggle).toBeEnabled();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: '保存配置' }));
    expect(await screen.findByText('保存成功')).toBeVisible();
    expect(bodies[0].admin_two_factor_required).toBe(1);
  });

  it('keeps the down threshold below the degraded one, at the field', async () => {
    let sent = 0;
    server.use(http.post('/api/admin/update_config.php', () => ((sent += 1), ok(CONFIG))));
    await show();
    const down = screen.getByLabelText('“不可用”：成功率低于');
    await userEvent.clear(down);
    await userEvent.type(down, '95');
    await userEvent.click(screen.getByRole('button', { name: '保存配置' }));
    expect(down).toHaveAttribute('aria-invalid', 'true');
    expect(down).toHaveFocus();
    expect(screen.getByText(/且低于“性能下降”的成功率/)).toBeVisible();
    expect(sent).toBe(0);
  });

  it('saves the health settings and shows the webhook secret', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/admin/update_config.php', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return ok(CONFIG);
      }),
    );
    await show();
    expect(screen.getByLabelText('Webhook 签名密钥')).toHaveValue('a'.repeat(64));
    const failures = screen.getByLabelText('“不可用”：探测连续失败');
    await userEvent.clear(failures);
    await userEvent.type(failures, '5');
    await userEvent.click(screen.getByLabelText('自动维护'));
    await userEvent.type(screen.getByLabelText('通知邮箱'), 'ops@example.com');
    await userEvent.click(screen.getByRole('button', { name: '保存配置' }));
    expect(await screen.findByText('保存成功')).toBeVisible();
    expect(bodies[0]).toMatchObject({
      health_down_probe_failures: '5',
      health_auto_maintenance: 1,
      health_alert_email: 'ops@example.com',
    });
  });

  it('marks the webhook address the server refused', async () => {
    server.use(
      http.post('/api/admin/update_config.php', () =>
        failure(400, {
          message: 'private address',
          code: 'alerts.webhook_url_private',
          field: 'health_alert_webhook_url',
        }),
      ),
    );
    await show();
    await userEvent.type(screen.getByLabelText('通知 Webhook 地址'), 'http://10.0.0.1/hook');
    await userEvent.click(screen.getByRole('button', { name: '保存配置' }));
    const hook = screen.getByLabelText('通知 Webhook 地址');
    await screen.findByRole('alert');
    expect(hook).toHaveAttribute('aria-invalid', 'true');
  });
});
