import {
  GITHUB_URL,
  OIDC_CLIENT_ID_MAX,
  OIDC_ISSUER_MAX,
  OIDC_NAME_MAX,
  OIDC_PROVIDER_FIELDS,
  type OidcKind,
  type OidcProviderAdminView,
} from '@contracts/oidc';
import { FormEvent, useEffect, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { invalidMarks } from '../../../components/ui/invalidMarks';
import { useSaveOidcProviderMutation } from '../api';
import { adminErrorText } from '../errors';
import { refusedField } from '../../../lib/api';
import { CLOSE_AFTER_SUCCESS_MS } from './FriendLinkModal';

type Field = (typeof OIDC_PROVIDER_FIELDS)[number];

const FIELD_TEXTS: Record<Field, string> = {
  kind: '请选择 OpenID Connect 或 GitHub',
  name: '请填写名称（最多 40 个字符）',
  issuer: '地址须为 http(s) 地址',
  client_id: '请填写 Client ID',
  client_secret: '请填写 Client Secret',
  enabled: '请选择启用或停用',
};
/** Each control's id names its field, so a refusal can bring its field into view. */
const controlId = (field: Field) => `oidc-${field}`;

/**
 * 添加 / 编辑登录方式: an OpenID Connect issuer, or GitHub (github.com or an Enterprise Server).
 * Saving an enabled OpenID Connect provider reads its discovery document first, so a typo in the
 * issuer is caught here. The secret is write-only: blank keeps the stored one.
 */
export default function SignInProviderModal({
  provider,
  onClose,
}: {
  provider: OidcProviderAdminView | null;
  onClose: () => void;
}) {
  const [save, { isLoading }] = useSaveOidcProviderMutation();
  const [form, setForm] = useState({
    kind: provider?.kind ?? 'oidc',
    name: provider?.name ?? '',
    issuer: provider?.issuer ?? '',
    client_id: provider?.client_id ?? '',
    client_secret: '',
    enabled: provider?.enabled ?? 1,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    const first = OIDC_PROVIDER_FIELDS.find((field) => errors[field] !== undefined);
    if (first) document.getElementById(controlId(first))?.focus();
  }, [errors]);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [success, onClose]);

  const set = (field: keyof typeof form) => (value: string | number) =>
    setForm((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (!form.name.trim()) missing.name = FIELD_TEXTS.name;
    if (!/^https?:\/\/\S+$/.test(form.issuer.trim())) missing.issuer = FIELD_TEXTS.issuer;
    if (!form.client_id.trim()) missing.client_id = FIELD_TEXTS.client_id;
    if (!provider && !form.client_secret.trim()) missing.client_secret = FIELD_TEXTS.client_secret;
    setErrors(missing);
    setError(null);
    if (Object.keys(missing).length > 0) return;
    const result = await save({
      ...(provider && { id: provider.id }),
      kind: form.kind,
      name: form.name.trim(),
      issuer: form.issuer.trim(),
      client_id: form.client_id.trim(),
      client_secret: form.client_secret,
      enabled: form.enabled === 1 ? 1 : 0,
    });
    if ('error' in result) {
      const text = adminErrorText(result.error, {
        failed: '保存失败',
        network: '请求保存接口失败，请稍后再试',
        fields: FIELD_TEXTS,
      });
      const field = refusedField(result.error, OIDC_PROVIDER_FIELDS);
      if (field) setErrors({ [field]: text });
      else setError(text);
      return;
    }
    setSuccess('保存成功');
  };

  const marks = (field: Field, help?: boolean) =>
    invalidMarks(
      errors[field] !== undefined && `${controlId(field)}-error`,
      help && `${controlId(field)}-help`,
    );
  const control = (field: 'name' | 'issuer' | 'client_id' | 'client_secret', help?: boolean) => ({
    value: form[field],
    ...marks(field, help),
    onChange: (e: { target: { value: string } }) => set(field)(e.target.value),
  });
  const feedback = (field: Field) => (
    <Form.Control.Feedback type="invalid" id={`${controlId(field)}-error`}>
      {errors[field]}
    </Form.Control.Feedback>
  );

  return (
    <Modal
      aria-labelledby="provider-modal-title"
      show
      onHide={onClose}
      backdrop="static"
      keyboard={false}
    >
      <Form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Modal.Header>
          <Modal.Title id="provider-modal-title">
            {provider ? '编辑登录方式' : '添加登录方式'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          )}
          {success && (
            <Alert variant="success" role="status">
              {success}
            </Alert>
          )}
          <Form.Group className="mb-3" controlId={controlId('kind')}>
            <Form.Label>类型</Form.Label>
            <Form.Select
              value={form.kind}
              {...marks('kind')}
              onChange={(e) => {
                const kind = e.target.value as OidcKind;
                setForm((current) => ({
                  ...current,
                  kind,
                  // GitHub lives at one address unless it is an Enterprise Server.
                  issuer: kind === 'github' && !current.issuer.trim() ? GITHUB_URL : current.issuer,
                  name: kind === 'github' && !current.name.trim() ? 'GitHub' : current.name,
                }));
              }}
            >
              <option value="oidc">OpenID Connect</option>
              <option value="github">GitHub</option>
            </Form.Select>
            {feedback('kind')}
          </Form.Group>
          <Form.Group className="mb-3" controlId={controlId('name')}>
            <Form.Label>名称</Form.Label>
            <Form.Control maxLength={OIDC_NAME_MAX} {...control('name', true)} />
            {feedback('name')}
            <Form.Text id={`${controlId('name')}-help`}>
              登录页按钮显示为「使用 名称 登录」。
            </Form.Text>
          </Form.Group>
          <Form.Group className="mb-3" controlId={controlId('issuer')}>
            <Form.Label>{form.kind === 'github' ? 'GitHub 地址' : 'Issuer 地址'}</Form.Label>
            <Form.Control
              type="url"
              placeholder={form.kind === 'github' ? GITHUB_URL : 'https://accounts.example.com'}
              maxLength={OIDC_ISSUER_MAX}
              {...control('issuer', form.kind === 'github')}
            />
            {feedback('issuer')}
            {form.kind === 'github' && (
              <Form.Text id={`${controlId('issuer')}-help`}>
                github.com 填写 {GITHUB_URL}；GitHub Enterprise Server 填写其地址。
              </Form.Text>
            )}
          </Form.Group>
          <Form.Group className="mb-3" controlId={controlId('client_id')}>
            <Form.Label>Client ID</Form.Label>
            <Form.Control
              autoComplete="off"
              maxLength={OIDC_CLIENT_ID_MAX}
              {...control('client_id')}
            />
            {feedback('client_id')}
          </Form.Group>
          <Form.Group className="mb-3" controlId={controlId('client_secret')}>
            <Form.Label>Client Secret</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              placeholder={provider?.client_secret_set ? '已设置，留空则不修改' : ''}
              {...control('client_secret')}
            />
            {feedback('client_secret')}
          </Form.Group>
          <Form.Group controlId={controlId('enabled')}>
            <Form.Check
              type="switch"
              label="启用"
              checked={form.enabled === 1}
              {...marks('enabled')}
              onChange={(e) => set('enabled')(e.target.checked ? 1 : 0)}
            />
            {errors.enabled !== undefined && (
              <div className="invalid-feedback d-block" id={`${controlId('enabled')}-error`}>
                {errors.enabled}
              </div>
            )}
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            取消
          </Button>
          <Button type="submit" disabled={isLoading || success !== null}>
            {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {isLoading ? '正在验证…' : '保存'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
