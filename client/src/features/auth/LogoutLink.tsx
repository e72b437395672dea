import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/store';
import { paths } from '../../config/paths';
import { loggedOut } from './authSlice';

/** The sidebar's logout entry. */
export default function LogoutLink({ className }: { className?: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        dispatch(loggedOut());
        void navigate(paths.home);
      }}
    >
      Logout
    </button>
  );
}
