import { ADMIN_PASSWORD_FIELDS } from '@contracts/audit';
import { PASSWORD_LENGTH } from '@contracts/users';
import { FormEvent, useEffect, useRef, useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useChangeAdminPasswordMutation } from '../api';
import { refusedField } from '../../../lib/api';
import { adminErrorText, type Notice } from '../errors';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import AdminSessionsCard from '../sessions/AdminSessionsCard';
import AdminTwoFactorCard from '../components/AdminTwoFactorCard';
import { invalidMarks } from '../../../components/ui/invalidMarks';

export const PASSWORD_TEXTS = {
  required: '请填写当前密码和新密码',
  length: `新密码须为 ${PASSWORD_LENGTH.min} 到 ${PASSWORD_LENGTH.max} 个字符`,
  mismatch: '两次输入的新密码不一致',
  same: '新密码不能与当前密码相同',
  done: '密码已修改。其他设备上的管理员登录已退出，本次登录保持有效。',
  failed: '修改密码失败',
} as const;

type Field = 'old_password' | 'new_password' | 'confirm';

/** 修改密码: the signed-in admin's own password; the server ends the admin's other sessions. */
export default function PasswordPage() {
  usePageTitle('修改密码');
  const [change, { isLoading }] = useChangeAdminPasswordMutation();
  const [values, setValues] = useState<Record<Field, string>>({
    old_password: '',
    new_password: '',
    confirm: '',
  });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [bad, setBad] = useState<Field | null>(null);
  // Bumped on every refusal, so the same refusal twice still moves the focus.
  const [refusals, setRefusals] = useState(0);
  // Bumped on every change: the sessions list mounts afresh and shows the others gone.
  const [changes, setChanges] = useState(0);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  useEffect(() => {
    if (refusals > 0 && bad) inputs.current[bad]?.focus();
    // Only a new refusal moves the focus, not typing that clears the mark.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusals]);

  const refuse = (text: string, field: Field | null) => {
    setNotice({ ok: false, text });
    setBad(field);
    setRefusals((n) => n + 1);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { old_password, new_password, confirm } = values;
    if (!old_password) return refuse(PASSWORD_TEXTS.required, 'old_password');
    if (!new_password) return refuse(PASSWORD_TEXTS.required, 'new_password');
    if (new_password.length < PASSWORD_LENGTH.min || new_password.length > PASSWORD_LENGTH.max) {
      return refuse(PASSWORD_TEXTS.length, 'new_password');
    }
    if (new_password === old_password) return refuse(PASSWORD_TEXTS.same, 'new_password');
    if (confirm !== new_password) return refuse(PASSWORD_TEXTS.mismatch, 'confirm');
    const result = await change({ old_password, new_password });
    if ('error' in result) {
      return refuse(
        adminErrorText(result.error, { failed: PASSWORD_TEXTS.failed }),
        refusedField(result.error, ADMIN_PASSWORD_FIELDS) ?? null,
      );
    }
    setBad(null);
    setNotice({ ok: true, text: PASSWORD_TEXTS.done });
    setChanges((n) => n + 1);
    setValues({ old_password: '', new_password: '', confirm: '' });
  };

  const input = (field: Field, label: string, autoComplete: string) => (
    <Form.Group className="mb-3" controlId={`password-${field}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="password"
        autoComplete={autoComplete}
        value={values[field]}
        {...invalidMarks(bad === field && 'password-notice')}
        ref={(element: HTMLInputElement | null) => {
          inputs.current[field] = element;
        }}
        onChange={(e) => {
          const { value } = e.target;
          setValues((current) => ({ ...current, [field]: value }));
          if (bad === field) setBad(null);
        }}
      />
    </Form.Group>
  );

  return (
    <section>
      <h1 className="h3 mb-3">修改密码</h1>
      <Card className="admin-narrow-card">
        <Card.Body>
          <NoticeBanner id="password-notice" notice={notice} />
          <Form noValidate onSubmit={(e) => void onSubmit(e)}>
            {input('old_password', '当前密码', 'current-password')}
            {input('new_password', '新密码', 'new-password')}
            {input('confirm', '确认新密码', 'new-password')}
            <Button type="submit" disabled={isLoading}>
              {isLoading ? '提交中...' : '修改密码'}
            </Button>
          </Form>
        </Card.Body>
      </Card>
      <AdminTwoFactorCard onOthersSignedOut={() => setChanges((n) => n + 1)} />
      <AdminSessionsCard key={changes} />
    </section>
  );
}
