import { Badge, Container, Nav, Navbar } from 'react-bootstrap';
import { NavLink } from 'react-router-dom';
import { LAYOUT } from '../i18n/layout';
import { adminPaths } from '../paths';
import { ADMIN_SECTIONS, type AdminSection } from './sections';

/** The back office's top bar: only logout while two-factor is being set up, else the nav. */
export default function AdminNavbar({
  enrolling,
  waiting,
  lit,
  onLogout,
  loggingOut,
}: {
  enrolling: boolean;
  /** The orders waiting for the admin, counted on the 待处理订单 link. */
  waiting: number;
  lit: (section: AdminSection) => boolean;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const logout = (
    <Nav.Link as="button" onClick={onLogout} disabled={loggingOut}>
      {LAYOUT.logout}
    </Nav.Link>
  );
  return (
    <Navbar bg="dark" data-bs-theme="dark" expand="xl" className="mb-4 admin-navbar">
      <Container fluid>
        <Navbar.Brand as={NavLink} to={adminPaths.dashboard}>
          {LAYOUT.brand}
        </Navbar.Brand>
        {enrolling ? (
          <Nav className="admin-account" aria-label={LAYOUT.account}>
            {logout}
          </Nav>
        ) : (
          <>
            <Navbar.Toggle aria-controls="admin-nav" />
            <Navbar.Collapse id="admin-nav">
              <Nav className="me-auto admin-nav" aria-label={LAYOUT.mainNav}>
                {ADMIN_SECTIONS.map((section) => (
                  <Nav.Link
                    key={section.to}
                    as={NavLink}
                    to={section.to}
                    end={'end' in section ? section.end : false}
                    className={lit(section) ? 'active' : undefined}
                  >
                    {section.label}
                  </Nav.Link>
                ))}
              </Nav>
              {/* Recharge's back office (待处理订单, the books, plans, codes, invites) beside the nine. */}
              <Nav className="admin-account" aria-label={LAYOUT.recharge}>
                <Nav.Link as={NavLink} to={adminPaths.pendingOrders}>
                  {LAYOUT.pendingOrders}
                  {waiting > 0 && (
                    <Badge pill bg="danger" className="ms-1" data-testid="pending-count">
                      {waiting}
                    </Badge>
                  )}
                </Nav.Link>
                <Nav.Link as={NavLink} to={adminPaths.reconciliation}>
                  {LAYOUT.reconciliation}
                </Nav.Link>
                <Nav.Link as={NavLink} to={adminPaths.plans}>
                  {LAYOUT.plans}
                </Nav.Link>
                <Nav.Link as={NavLink} to={adminPaths.redeemCodes}>
                  {LAYOUT.redeemCodes}
                </Nav.Link>
                <Nav.Link as={NavLink} to={adminPaths.referrals}>
                  {LAYOUT.referrals}
                </Nav.Link>
              </Nav>
              {/* SPEC §2's nav lists nine sections; the admin's own pages sit beside logout. */}
              <Nav className="admin-account" aria-label={LAYOUT.account}>
                <Nav.Link as={NavLink} to={adminPaths.audit}>
                  {LAYOUT.audit}
                </Nav.Link>
                <Nav.Link as={NavLink} to={adminPaths.password}>
                  {LAYOUT.password}
                </Nav.Link>
                {logout}
              </Nav>
            </Navbar.Collapse>
          </>
        )}
      </Container>
    </Navbar>
  );
}
