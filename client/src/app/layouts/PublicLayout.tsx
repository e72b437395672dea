import { Link, Outlet } from 'react-router-dom';
import { FALLBACK_SITE_NAME, paths } from '../../config/paths';

export default function PublicLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <header className="navbar navbar-dark bg-primary px-3">
        <Link to={paths.home} className="navbar-brand">
          {FALLBACK_SITE_NAME}
        </Link>
      </header>
      <main className="container py-4 flex-grow-1">
        <Outlet />
      </main>
    </div>
  );
}
