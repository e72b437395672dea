import { useI18n } from '../../i18n';

/** "or" between two ways to sign in, with a rule on each side. */
export default function OrDivider() {
  const { t } = useI18n();
  return (
    <div className="d-flex align-items-center gap-2 my-3 text-body-secondary small">
      <hr className="flex-grow-1 m-0" />
      {t('passkeys.or')}
      <hr className="flex-grow-1 m-0" />
    </div>
  );
}
