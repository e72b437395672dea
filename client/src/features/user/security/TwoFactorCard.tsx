import { DISABLE_TOTP_FIELDS, ENABLE_TOTP_FIELDS, START_TOTP_FIELDS } from '@contracts/two-factor';
import type { TotpSetup } from '@contracts/two-factor';
import { useState } from 'react';
import { Alert, Card } from 'react-bootstrap';
import NoticeBanner, { type Notice } from '../../../components/ui/NoticeBanner';
import { RecoveryCodeList, TotpQr } from '../../../components/ui/TotpParts';
import { useI18n } from '../../../i18n';
import FieldsForm, {
  CODE,
  useFieldRefusal,
  PASSWORD,
  type Field,
  type Refusal,
} from './FieldsForm';
import {
  useDisableTotpMutation,
  useEnableTotpMutation,
  useGetTwoFactorQuery,
  useStartTotpMutation,
} from './api';

/**
 * The user centre's two-factor settings: turn on (password, then scan the QR code and confirm
 * with a first code, then keep the recovery codes shown once), or turn off (password and a code).
 */
export default function TwoFactorCard() {
  const { t, errorText } = useI18n();
  const fieldRefusal = useFieldRefusal();
  const { data: status, isError } = useGetTwoFactorQuery();
  const [start] = useStartTotpMutation();
  const [enable] = useEnableTotpMutation();
  const [disable] = useDisableTotpMutation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  /** A refusal for one of the form's `fields`, or the banner. */
  const refusal = (error: unknown, fields: readonly Field[]): Refusal => {
    const text = errorText(error, 'twofa.failed', 'user.requestFailed');
    const refused = fieldRefusal(error, fields, text);
    if (!refused) setNotice({ ok: false, text });
    return refused;
  };

  let body;
  if (codes) {
    body = (
      <RecoveryCodeList
        codes={codes}
        texts={{
          title: t('twofa.codesTitle'),
          intro: t('twofa.codesIntro'),
          copy: t('twofa.copyCodes'),
          copied: t('twofa.copied'),
          saved: t('twofa.saved'),
        }}
        onSaved={() => setCodes(null)}
      />
    );
  } else if (setup) {
    body = (
      <>
        <p>{t('twofa.scan')}</p>
        <TotpQr setup={setup} alt={t('twofa.qrAlt')} />
        <FieldsForm
          id="totp-enable"
          fields={[CODE]}
          submitLabel="twofa.confirm"
          busyLabel="twofa.verifying"
          onCancel={() => setSetup(null)}
          onSubmit={async ({ code }) => {
            const result = await enable({ code: code.trim() });
            if ('error' in result) return refusal(result.error, ENABLE_TOTP_FIELDS);
            setSetup(null);
            setCodes(result.data.recovery_codes);
            setNotice({ ok: true, text: t('twofa.turnedOn') });
            return null;
          }}
        />
      </>
    );
  } else if (status?.enabled) {
    body = (
      <>
        <p>{t('twofa.on', { count: status.recovery_codes_left })}</p>
        <FieldsForm
          id="totp-disable"
          fields={[PASSWORD, CODE]}
          submitLabel="twofa.turnOff"
          busyLabel="twofa.turningOff"
          variant="outline-danger"
          onSubmit={async ({ current_password, code }) => {
            const result = await disable({ current_password, code: code.trim() });
            if ('error' in result) return refusal(result.error, DISABLE_TOTP_FIELDS);
            setNotice({ ok: true, text: t('twofa.turnedOff') });
            return null;
          }}
        />
      </>
    );
  } else if (status) {
    body = (
      <>
        <p>{t('twofa.off')}</p>
        <FieldsForm
          id="totp-start"
          fields={[PASSWORD]}
          submitLabel="twofa.start"
          busyLabel="twofa.starting"
          onSubmit={async ({ current_password }) => {
            setNotice(null);
            const result = await start({ current_password });
            if ('error' in result) return refusal(result.error, START_TOTP_FIELDS);
            setSetup(result.data);
            return null;
          }}
        />
      </>
    );
  }

  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h6 mb-0 py-2">
        {t('twofa.title')}
      </Card.Header>
      <Card.Body>
        {isError && <Alert variant="danger">{t('twofa.loadFailed')}</Alert>}
        <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
        {body}
      </Card.Body>
    </Card>
  );
}
