import { Alert, Card } from 'react-bootstrap';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { RecoveryCodeList, TotpQr } from '../../../components/ui/TotpParts';
import { ACCOUNT } from '../i18n/account';
import TwoFactorStepForm from './TwoFactorStepForm';
import { useAdminTwoFactor } from './useAdminTwoFactor';

const TEXTS = ACCOUNT.twoFactor;

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
  const { status, setup, codes, notice, ...twoFactor } = useAdminTwoFactor(onOthersSignedOut);

  let body;
  if (codes) {
    body = (
      <RecoveryCodeList
        codes={codes}
        texts={TEXTS.codes}
        onSaved={() => {
          twoFactor.setCodes(null);
          onFinished?.();
        }}
      />
    );
  } else if (setup) {
    body = (
      <>
        <p>{TEXTS.scan}</p>
        <TotpQr setup={setup} alt={TEXTS.qrAlt} />
        <TwoFactorStepForm
          id="admin-totp-enable"
          fields={[{ field: 'code', label: TEXTS.firstCode }]}
          submitLabel={TEXTS.confirm}
          onCancel={() => twoFactor.setSetup(null)}
          onSubmit={twoFactor.enable}
        />
      </>
    );
  } else if (status?.enabled) {
    body = (
      <>
        <p>{TEXTS.on(status.recovery_codes_left)}</p>
        {status.required ? (
          <p className="text-body-secondary mb-0">{TEXTS.requiredOn}</p>
        ) : (
          <TwoFactorStepForm
            id="admin-totp-disable"
            fields={[
              { field: 'current_password', label: TEXTS.password },
              { field: 'code', label: TEXTS.code },
            ]}
            submitLabel={TEXTS.turnOff}
            variant="outline-danger"
            onSubmit={twoFactor.disable}
          />
        )}
      </>
    );
  } else if (status) {
    body = (
      <>
        <p>{TEXTS.off}</p>
        <TwoFactorStepForm
          id="admin-totp-start"
          fields={[{ field: 'current_password', label: TEXTS.password }]}
          submitLabel={TEXTS.start}
          onSubmit={twoFactor.start}
        />
      </>
    );
  }

  return (
    <Card className="admin-narrow-card mt-4" id="two-factor">
      <Card.Header as="h2" className="h6 mb-0 py-2">
        {TEXTS.title}
      </Card.Header>
      <Card.Body>
        {twoFactor.isError && <Alert variant="danger">{TEXTS.loadFailed}</Alert>}
        <NoticeBanner notice={notice} onClose={() => twoFactor.setNotice(null)} />
        {body}
      </Card.Body>
    </Card>
  );
}
