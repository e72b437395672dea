import { DISABLE_TOTP_FIELDS, ENABLE_TOTP_FIELDS, START_TOTP_FIELDS } from '@contracts/two-factor';
import type { TotpSetup } from '@contracts/two-factor';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import NoticeBanner, { type Notice } from '../../../components/ui/NoticeBanner';
import { RecoveryCodeList, TotpQr } from '../../../components/ui/TotpParts';
import {
  useAdminTwoFactorQuery,
  useDisableAdminTotpMutation,
  useEnableAdminTotpMutation,
  useStartAdminTotpMutation,
} from '../api';
import { adminErrorText } from '../errors';
import { refusedField } from '../../../lib/api';
import { invalidMarks } from '../../../components/ui/invalidMarks';

export const TWO_FACTOR_TEXTS = {
  title: '两步验证',
  off: '未开启。开启后，登录管理后台时除密码外还需输入身份验证器应用（如 Google Authenticator、Microsoft Authenticator）中的 6 位验证码。',
  on: (left: number) => `已开启。剩余 ${left} 个恢复码。`,
  requiredOn: '本站要求管理员开启两步验证，因此不能关闭；如需关闭，请先在网站配置中取消该要求。',
  scan: '用身份验证器应用扫描二维码（或手动输入下方密钥），再输入应用显示的 6 位验证码完成开启。',
  qrAlt: '身份验证器应用的二维码',
  password: '登录密码',
  code: '验证码或恢复码',
  firstCode: '6 位验证码',
  start: '开启两步验证',
  confirm: '确认开启',
  cancel: '取消',
  turnOff: '关闭两步验证',
  busy: '提交中...',
  turnedOn: '两步验证已开启。其他设备上的管理员登录已退出。',
  turnedOff: '两步验证已关闭。',
  failed: '操作失败',
  loadFailed: '获取两步验证状态失败',
  required: '请填写此项',
  /** A field the server refused as malformed, asked for again. */
  fields: {
    current_password: '请输入登录密码',
    code: '请输入应用显示的 6 位验证码或一个恢复码',
  },
  codes: {
    title: '恢复码',
    intro: '手机丢失时，每个恢复码可代替验证码登录一次。请立即妥善保存，它们不会再次显示。',
    copy: '复制恢复码',
    copied: '已复制。',
    saved: '我已保存',
  },
} as const;

type Field = 'current_password' | 'code';

const FIELD_SPECS: Record<Field, { type: string; autoComplete: string }> = {
  current_password: { type: 'password', autoComplete: 'current-password' },
  code: { type: 'text', autoComplete: 'one-time-code' },
};

/** A refusal for one of the form's fields, or null when the submit went through. */
type Refusal = { field: Field; text: string } | null;

/** One step's form: its fields with the error under the one it is about, and a button. */
function StepForm({
  id,
  fields,
  submitLabel,
  variant = 'primary',
  onSubmit,
  onCancel,
}: {
  id: string;
  fields: { field: Field; label: string }[];
  submitLabel: string;
  variant?: string;
  onSubmit: (values: Record<Field, string>) => Promise<Refusal>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<Record<Field, string>>({ current_password: '', code: '' });
  const [refusal, setRefusal] = useState<Refusal>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = fields.find(({ field }) => !values[field].trim());
    const refused = empty
      ? { field: empty.field, text: TWO_FACTOR_TEXTS.required }
      : await (async () => {
          setBusy(true);
          try {
            return await onSubmit(values);
          } finally {
            setBusy(false);
          }
        })();
    setRefusal(refused);
    if (refused) inputs.current[refused.field]?.focus();
    else setValues({ current_password: '', code: '' });
  };

  return (
    <Form noValidate onSubmit={(e) => void submit(e)}>
      {fields.map(({ field, label }) => (
        <Form.Group key={field} className="mb-3" controlId={`${id}-${field}`}>
          <Form.Label>{label}</Form.Label>
          <Form.Control
            {...FIELD_SPECS[field]}
            value={values[field]}
            {...invalidMarks(refusal?.field === field && `${id}-${field}-error`)}
            ref={(element: HTMLInputElement | null) => {
              inputs.current[field] = element;
            }}
            onChange={(e) => {
              const { value } = e.target;
              setValues((current) => ({ ...current, [field]: value }));
              if (refusal?.field === field) setRefusal(null);
            }}
          />
          {refusal?.field === field && (
            <Form.Control.Feedback type="invalid" id={`${id}-${field}-error`}>
              {refusal.text}
            </Form.Control.Feedback>
          )}
        </Form.Group>
      ))}
      <Button type="submit" variant={variant} disabled={busy}>
        {busy ? TWO_FACTOR_TEXTS.busy : submitLabel}
      </Button>
      {onCancel && (
        <Button variant="link" className="ms-2" onClick={onCancel}>
          {TWO_FACTOR_TEXTS.cancel}
        </Button>
      )}
    </Form>
  );
}

/**
 * The administrator's own two-factor: turn on (password, then the QR code and a first code, then
 * the recovery codes shown once), or turn off (password and a code) unless the site requires it.
 */
export default function AdminTwoFactorCard({
  onOthersSignedOut,
  onFinished,
}: {
  /** Turning it on signed the administrator's other devices out. */
  onOthersSignedOut?: () => void;
  /** It is on and its recovery codes are put away. */
  onFinished?: () => void;
}) {
  const texts = TWO_FACTOR_TEXTS;
  const { data, isError } = useAdminTwoFactorQuery();
  const status = data?.data;
  const [start] = useStartAdminTotpMutation();
  const [enable] = useEnableAdminTotpMutation();
  const [disable] = useDisableAdminTotpMutation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  /** A refusal for one of the form's `fields`, or the banner. */
  const refusal = (error: unknown, fields: readonly Field[]): Refusal => {
    const text = adminErrorText(error, { failed: texts.failed, fields: texts.fields });
    const field = refusedField(error, fields);
    if (field) return { field, text };
    setNotice({ ok: false, text });
    return null;
  };

  let body;
  if (codes) {
    body = (
      <RecoveryCodeList
        codes={codes}
        texts={texts.codes}
        onSaved={() => {
          setCodes(null);
          onFinished?.();
        }}
      />
    );
  } else if (setup) {
    body = (
      <>
        <p>{texts.scan}</p>
        <TotpQr setup={setup} alt={texts.qrAlt} />
        <StepForm
          id="admin-totp-enable"
          fields={[{ field: 'code', label: texts.firstCode }]}
          submitLabel={texts.confirm}
          onCancel={() => setSetup(null)}
          onSubmit={async ({ code }) => {
            const result = await enable({ code: code.trim() });
            if ('error' in result) return refusal(result.error, ENABLE_TOTP_FIELDS);
            setSetup(null);
            setCodes(result.data.data.recovery_codes);
            setNotice({ ok: true, text: texts.turnedOn });
            onOthersSignedOut?.();
            return null;
          }}
        />
      </>
    );
  } else if (status?.enabled) {
    body = (
      <>
        <p>{texts.on(status.recovery_codes_left)}</p>
        {status.required ? (
          <p className="text-body-secondary mb-0">{texts.requiredOn}</p>
        ) : (
          <StepForm
            id="admin-totp-disable"
            fields={[
              { field: 'current_password', label: texts.password },
              { field: 'code', label: texts.code },
            ]}
            submitLabel={texts.turnOff}
            variant="outline-danger"
            onSubmit={async ({ current_password, code }) => {
              const result = await disable({ current_password, code: code.trim() });
              if ('error' in result) return refusal(result.error, DISABLE_TOTP_FIELDS);
              setNotice({ ok: true, text: texts.turnedOff });
              return null;
            }}
          />
        )}
      </>
    );
  } else if (status) {
    body = (
      <>
        <p>{texts.off}</p>
        <StepForm
          id="admin-totp-start"
          fields={[{ field: 'current_password', label: texts.password }]}
          submitLabel={texts.start}
          onSubmit={async ({ current_password }) => {
            setNotice(null);
            const result = await start({ current_password });
            if ('error' in result) return refusal(result.error, START_TOTP_FIELDS);
            setSetup(result.data.data);
            return null;
          }}
        />
      </>
    );
  }

  return (
    <Card className="admin-narrow-card mt-4" id="two-factor">
      <Card.Header as="h2" className="h6 mb-0 py-2">
        {texts.title}
      </Card.Header>
      <Card.Body>
        {isError && <Alert variant="danger">{texts.loadFailed}</Alert>}
        <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
        {body}
      </Card.Body>
    </Card>
  );
}
