import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/store';
import { paths } from '../../config/paths';
import { useLogoutMutation } from './api';
import { clearSession, loggedOut } from '../../app/authSlice';
import { useI18n } from '../../i18n';

/** The sidebar's logout entry: ends the server session, forgets the user, returns home. */
export default function LogoutLink({ className }: { className?: string }) {
  const { t } = useI18n();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout, { isLoading }] = useLogoutMutation();
  return (
    <button
      type="button"
      className={className}
      disabled={isLoading}
      onClick={async () => {
        // Signed out locally even when the server cannot be reached: the user asked to leave.
        await logout()
          .unwrap()
          .catch(() => undefined);
        // A page loaded from here on (a link, a reload) starts signed out, even before the
        // navigation below has ended.
        clearSession();
        // Leave the user page first (committed, not as a transition), or its guard would react
        // to the logout by sending us to login instead of home.
        await navigate(paths.home, { flushSync: true });
        dispatch(loggedOut());
      }}
    >
      {t('nav.logout')}
    </button>
  );
}
