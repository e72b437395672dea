import { Alert, Container } from 'react-bootstrap';
import { Outlet } from 'react-router-dom';
import Loading from '../../components/ui/Loading';
import SkipLink, { MAIN_ID } from '../../components/ui/SkipLink';
import AdminTwoFactorCard from './components/AdminTwoFactorCard';
import { COMMON } from './i18n/common';
import { LAYOUT } from './i18n/layout';
import AdminNavbar from './layout/AdminNavbar';
import { useAdminLayout } from './layout/useAdminLayout';
import './admin.css';

/** The back office's frame: the nav, then the page, or the two-factor set-up the site requires. */
export default function AdminLayout() {
  const { enrolling, finishEnrolling, open, ...navbar } = useAdminLayout();

  return (
    <div className="min-vh-100 bg-body-tertiary">
      <SkipLink label={LAYOUT.skipToContent} />
      <AdminNavbar enrolling={enrolling} {...navbar} />
      <Container as="main" id={MAIN_ID} tabIndex={-1} fluid className="pb-5">
        {enrolling ? (
          <section>
            <h1 className="h3 mb-3">{LAYOUT.enrol.title}</h1>
            <Alert variant="warning" className="admin-narrow-card">
              {LAYOUT.enrol.required}
            </Alert>
            <AdminTwoFactorCard onFinished={finishEnrolling} />
          </section>
        ) : open ? (
          <Outlet />
        ) : (
          <Loading label={COMMON.loading} />
        )}
      </Container>
    </div>
  );
}
