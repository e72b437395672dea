import { FormEvent, useState, type ReactNode } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAdminConfigQuery, useAdminTwoFactorQuery, useUpdateConfigMutation } from '../api';
import { adminErrorText, outcomeNotice } from '../errors';
import { refusedField } from '../../../lib/api';
import type { Notice } from '../errors';
import { SITE_CONFIG_RULES, type SiteConfigBody } from '@contracts/site';
import { ZH_FIELD_ERRORS } from '../i18n/zh';
import { adminPaths } from '../paths';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import HealthSettings, { HEALTH_FIELD_ERRORS, healthError } from '../components/HealthSettings';
import { invalidMarks } from '../../../components/ui/invalidMarks';

const FIELDS: {
  key: keyof SiteConfigBody;
  label: string;
  max: number;
  rows?: number;
  help?: string;
}[] = [
  { key: 'site_title', label: '网站标题', max: 200 },
  { key: 'site_keywords', label: '关键词', max: 500, help: '用英文逗号分隔' },
  { key: 'site_description', label: '网站描述', max: 1000, rows: 3 },
  { key: 'site_favicon', label: 'Favicon 链接', max: 500, help: 'https:// 或 /站内路径' },
  { key: 'site_url', label: '网站地址', max: 500, help: '完整地址，如 https://api.example.com' },
  { key: 'copyright', label: '版权信息', max: 500 },
  {
    key: 'copyright_en',
    label: '英文版权信息',
    max: 500,
    help: '英文页面显示；留空则显示版权信息',
  },
  { key: 'icp', label: 'ICP 备案号', max: 100 },
  { key: 'home_notice', label: '首页公告', max: 20000, rows: 4, help: '留空则不弹出公告' },
  {
    key: 'home_notice_en',
    label: '英文首页公告',
    max: 20000,
    rows: 4,
    help: '英文页面显示；留空则显示首页公告',
  },
  {
    key: 'analytics_code',
    label: '统计代码',
    max: 20000,
    rows: 4,
    help: '仅保存备用，当前版本不会插入页面',
  },
];

/** The address fields' own check, as the server makes it: the first one that cannot work. */
function addressError(form: SiteConfigBody): keyof SiteConfigBody | null {
  const siteUrl = form.site_url.trim();
  if (siteUrl && !SITE_CONFIG_RULES.siteUrl.test(siteUrl)) return 'site_url';
  const favicon = form.site_favicon.trim();
  if (favicon && !SITE_CONFIG_RULES.favicon.test(favicon)) return 'site_favicon';
  return null;
}

/** A 0/1 setting as a switch, with its explanation under it. */
function ConfigSwitch({
  field,
  label,
  checked,
  disabled,
  refused,
  onChange,
  children,
}: {
  field: keyof SiteConfigBody;
  label: string;
  /** The last save's refusal, said here when it names this switch. */
  refused: { field: string; text: string } | null;
  checked: boolean;
  disabled: boolean;
  onChange: (on: 0 | 1) => void;
  children: ReactNode;
}) {
  return (
    <Form.Group className="mb-3" controlId={`config-${field}`}>
      <Form.Check
        type="switch"
        label={label}
        checked={checked}
        disabled={disabled}
        {...invalidMarks(
          refused?.field === field && `config-${field}-error`,
          `config-${field}-help`,
        )}
        onChange={(e) => onChange(e.target.checked ? 1 : 0)}
      />
      {refused?.field === field && (
        <div className="invalid-feedback d-block" id={`config-${field}-error`}>
          {refused.text}
        </div>
      )}
      <Form.Text id={`config-${field}-help`}>{children}</Form.Text>
    </Form.Group>
  );
}

function ConfigForm({
  initial,
  mailEnabled,
  secret,
  ownTwoFactor,
}: {
  initial: SiteConfigBody;
  mailEnabled: boolean;
  /** Signs the incident webhooks: shown read-only (a save cannot change it). */
  secret: string;
  /** The signed-in administrator has two-factor on, so may require it of all. */
  ownTwoFactor: boolean;
}) {
  const [update, { isLoading }] = useUpdateConfigMutation();
  const [form, setForm] = useState(initial);
  const [notice, setNotice] = useState<Notice | null>(null);
  // The field an error is about, shown (and focused) at the field itself.
  const [invalid, setInvalid] = useState<{ field: string; text: string } | null>(null);
  const fieldError = (key: string) =>
    invalid?.field === key && (
      <Form.Control.Feedback type="invalid" id={`config-${key}-error`}>
        {invalid.text}
      </Form.Control.Feedback>
    );
  const change = <K extends keyof SiteConfigBody>(key: K, value: SiteConfigBody[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    if (invalid?.field === key) setInvalid(null);
  };
  const invalidProps = (key: string) =>
    invalidMarks(invalid?.field === key && `config-${key}-error`);
  const markInvalid = (field: string, text: string) => {
    setInvalid({ field, text });
    document.getElementById(`config-${field}`)?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = addressError(form);
    if (wrong) {
      setNotice(null);
      markInvalid(wrong, ZH_FIELD_ERRORS[wrong]);
      return;
    }
    const unhealthy = healthError(form);
    if (unhealthy) {
      setNotice(null);
      markInvalid(unhealthy, HEALTH_FIELD_ERRORS[unhealthy]);
      return;
    }
    const result = await update(form);
    setNotice(outcomeNotice(result, { failed: '更新失败' }, '保存成功'));
    // Marked at its field: a validation error, or a rule of one field (the webhook's address).
    const field = 'error' in result ? refusedField(result.error) : undefined;
    if (field && 'error' in result)
      markInvalid(
        field,
        adminErrorText(result.error, { failed: '更新失败', fields: HEALTH_FIELD_ERRORS }),
      );
  };

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)}>
      <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
      <Card className="mb-3">
        <Card.Body>
          {FIELDS.map((field) => (
            <Form.Group key={field.key} className="mb-3" controlId={`config-${field.key}`}>
              <Form.Label>{field.label}</Form.Label>
              {field.rows ? (
                <Form.Control
                  as="textarea"
                  rows={field.rows}
                  maxLength={field.max}
                  className={field.key === 'analytics_code' ? 'font-monospace' : undefined}
                  value={form[field.key]}
                  {...invalidProps(field.key)}
                  onChange={(e) => change(field.key, e.target.value)}
                />
              ) : (
                <Form.Control
                  maxLength={field.max}
                  value={form[field.key]}
                  {...invalidProps(field.key)}
                  onChange={(e) => change(field.key, e.target.value)}
                />
              )}
              {fieldError(field.key)}
              {field.help && <Form.Text>{field.help}</Form.Text>}
            </Form.Group>
          ))}
          <ConfigSwitch
            field="email_verification"
            refused={invalid}
            label="注册需验证邮箱"
            checked={form.email_verification === 1}
            disabled={!mailEnabled && form.email_verification !== 1}
            onChange={(on) => change('email_verification', on)}
          >
            开启后，注册必须填写邮箱，点击邮件中的确认链接后才能登录。
            {!mailEnabled && '需先配置邮件发送（SMTP_URL）和网站地址。'}
          </ConfigSwitch>
          <ConfigSwitch
            field="admin_two_factor_required"
            refused={invalid}
            label="要求管理员开启两步验证"
            checked={form.admin_two_factor_required === 1}
            disabled={!ownTwoFactor && form.admin_two_factor_required !== 1}
            onChange={(on) => change('admin_two_factor_required', on)}
          >
            开启后，每位管理员登录时都要输入身份验证器中的验证码；尚未开启的管理员登录后须先完成设置。
            {!ownTwoFactor && (
              <>
                需先在
                <Link to={adminPaths.password}>修改密码</Link>
                页为自己的账号开启两步验证。
              </>
            )}
          </ConfigSwitch>
        </Card.Body>
      </Card>
      <HealthSettings
        form={form}
        secret={secret}
        change={change}
        fieldProps={invalidProps}
        fieldError={fieldError}
        switchControl={
          <ConfigSwitch
            field="health_auto_maintenance"
            refused={invalid}
            label="自动维护"
            checked={form.health_auto_maintenance === 1}
            disabled={false}
            onChange={(on) => change('health_auto_maintenance', on)}
          >
            开启后，判定为“不可用”且探测失败的接口自动进入维护（调用返回
            503，不扣费），探测连续通过同样次数后自动恢复。
          </ConfigSwitch>
        }
      />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? '保存中...' : '保存配置'}
      </Button>
    </Form>
  );
}

export default function ConfigPage() {
  usePageTitle('网站配置');
  const { data, error, isLoading } = useAdminConfigQuery();
  const ownTwoFactor = useAdminTwoFactorQuery().data?.data.enabled ?? false;
  return (
    <section style={{ maxWidth: '52rem' }}>
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="h3 mb-0">网站配置</h1>
        <Link to={adminPaths.signInProviders}>第三方登录（OpenID Connect）</Link>
      </div>
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, { failed: '获取网站配置失败' })}
        </div>
      ) : isLoading || !data ? (
        <Loading label="加载中..." />
      ) : (
        <ConfigForm
          initial={data.data}
          mailEnabled={data.data.mail_enabled}
          secret={data.data.health_alert_webhook_secret}
          ownTwoFactor={ownTwoFactor}
        />
      )}
    </section>
  );
}
