import {
  GITHUB_URL,
  OIDC_CLIENT_ID_MAX,
  OIDC_ISSUER_MAX,
  OIDC_NAME_MAX,
  type OidcKind,
} from '@contracts/oidc';
import { Form } from 'react-bootstrap';
import { COMMON } from '../../i18n/common';
import { PROVIDERS } from '../../i18n/providers';
import { controlId, type Field, type ProviderForm } from './useProviderForm';

const TEXTS = PROVIDERS.form;

/**
 * A sign-in provider's fields: its type, name, address (GitHub's filled in), client and whether
 * it is offered; each says under it what the last save refused of it.
 */
export default function ProviderFields({
  state: { form, set, choose, errors, marks, control },
  secretSet,
}: {
  state: ProviderForm;
  /** The provider has a secret stored, which a blank secret keeps. */
  secretSet: boolean;
}) {
  const github = form.kind === 'github';
  const feedback = (field: Field) => (
    <Form.Control.Feedback type="invalid" id={`${controlId(field)}-error`}>
      {errors[field]}
    </Form.Control.Feedback>
  );

  return (
    <>
      <Form.Group className="mb-3" controlId={controlId('kind')}>
        <Form.Label>{COMMON.type}</Form.Label>
        <Form.Select
          value={form.kind}
          {...marks('kind')}
          onChange={(e) => choose(e.target.value as OidcKind)}
        >
          <option value="oidc">OpenID Connect</option>
          <option value="github">GitHub</option>
        </Form.Select>
        {feedback('kind')}
      </Form.Group>
      <Form.Group className="mb-3" controlId={controlId('name')}>
        <Form.Label>{COMMON.name}</Form.Label>
        <Form.Control maxLength={OIDC_NAME_MAX} {...control('name', true)} />
        {feedback('name')}
        <Form.Text id={`${controlId('name')}-help`}>{TEXTS.nameHelp}</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId={controlId('issuer')}>
        <Form.Label>{github ? TEXTS.githubAddress : TEXTS.issuerAddress}</Form.Label>
        <Form.Control
          type="url"
          placeholder={github ? GITHUB_URL : 'https://accounts.example.com'}
          maxLength={OIDC_ISSUER_MAX}
          {...control('issuer', github)}
        />
        {feedback('issuer')}
        {github && (
          <Form.Text id={`${controlId('issuer')}-help`}>{TEXTS.githubHelp(GITHUB_URL)}</Form.Text>
        )}
      </Form.Group>
      <Form.Group className="mb-3" controlId={controlId('client_id')}>
        <Form.Label>Client ID</Form.Label>
        <Form.Control autoComplete="off" maxLength={OIDC_CLIENT_ID_MAX} {...control('client_id')} />
        {feedback('client_id')}
      </Form.Group>
      <Form.Group className="mb-3" controlId={controlId('client_secret')}>
        <Form.Label>Client Secret</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          placeholder={secretSet ? TEXTS.secretKept : ''}
          {...control('client_secret')}
        />
        {feedback('client_secret')}
      </Form.Group>
      <Form.Group controlId={controlId('enabled')}>
        <Form.Check
          type="switch"
          label={COMMON.enabled}
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
    </>
  );
}
