import type { SiteConfigBody } from '@contracts/site';
import { Button, Card, Form } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import NoticeBanner from '../../../../components/ui/NoticeBanner';
import HealthSettings from '../../components/HealthSettings';
import { COMMON } from '../../i18n/common';
import { CONFIG } from '../../i18n/config';
import { adminPaths } from '../../paths';
import ConfigSwitch from './ConfigSwitch';
import SiteFields from './SiteFields';
import { useConfigForm } from './useConfigForm';

const { emailVerification, adminTwoFactor, autoMaintenance } = CONFIG;

/** 网站配置's form: the site's texts and switches, then the 接口健康 card, saved together. */
export default function ConfigForm({
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
  const { form, change, invalid, invalidProps, notice, closeNotice, submit, saving } =
    useConfigForm(initial);
  const fieldError = (key: string) =>
    invalid?.field === key && (
      <Form.Control.Feedback type="invalid" id={`config-${key}-error`}>
        {invalid.text}
      </Form.Control.Feedback>
    );

  return (
    <Form noValidate onSubmit={(e) => void submit(e)}>
      <NoticeBanner notice={notice} onClose={closeNotice} />
      <Card className="mb-3">
        <Card.Body>
          <SiteFields
            form={form}
            change={change}
            fieldProps={invalidProps}
            fieldError={fieldError}
          />
          <ConfigSwitch
            field="email_verification"
            refused={invalid}
            label={emailVerification.label}
            checked={form.email_verification === 1}
            disabled={!mailEnabled && form.email_verification !== 1}
            onChange={(on) => change('email_verification', on)}
          >
            {emailVerification.help}
            {!mailEnabled && emailVerification.mailFirst}
          </ConfigSwitch>
          <ConfigSwitch
            field="admin_two_factor_required"
            refused={invalid}
            label={adminTwoFactor.label}
            checked={form.admin_two_factor_required === 1}
            disabled={!ownTwoFactor && form.admin_two_factor_required !== 1}
            onChange={(on) => change('admin_two_factor_required', on)}
          >
            {adminTwoFactor.help}
            {!ownTwoFactor && (
              <>
                {adminTwoFactor.ownFirst}
                <Link to={adminPaths.password}>{adminTwoFactor.ownFirstLink}</Link>
                {adminTwoFactor.ownFirstEnd}
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
            label={autoMaintenance.label}
            checked={form.health_auto_maintenance === 1}
            disabled={false}
            onChange={(on) => change('health_auto_maintenance', on)}
          >
            {autoMaintenance.help}
          </ConfigSwitch>
        }
      />
      <Button type="submit" disabled={saving}>
        {saving ? COMMON.saving : CONFIG.save}
      </Button>
    </Form>
  );
}
