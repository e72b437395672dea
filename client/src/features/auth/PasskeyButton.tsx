import { Button, Spinner } from 'react-bootstrap';
import { useI18n, type UiKey } from '../../i18n';

/** The full-width "sign in with a passkey" button of the login page and the second step. */
export default function PasskeyButton({
  label,
  busy,
  onClick,
}: {
  label: UiKey;
  busy: boolean;
  onClick: () => void;
}) {
  const { t } = useI18n();
  return (
    <Button variant="outline-primary" className="w-100" disabled={busy} onClick={onClick}>
      {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
      {busy ? t('passkeys.signingIn') : t(label)}
    </Button>
  );
}
