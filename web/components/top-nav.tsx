import { Container, Nav, Navbar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useMatches, useNavigate } from 'react-router';
import { useInstalledApp } from '../lib/installed-app.ts';
import { url } from '../lib/url.ts';
import { useRootData } from '../lib/use-root-data.ts';
import { LanguageDropdown } from './language-dropdown.tsx';

/** Routes that show a back button in installed-app mode (spec §2). */
const BACK_ROUTES = new Set(['members-id', 'likes-type', 'likes-m-id', 'credits', 'credits-id-paymentmethod']);

/** Top navigation (spec §2); the logged-out variant shows the Login button and the language dropdown. */
export function TopNav() {
  const { t } = useTranslation();
  const root = useRootData();
  const installed = useInstalledApp();
  const matches = useMatches();
  const navigate = useNavigate();
  const routeId = matches[matches.length - 1]?.id ?? '';
  const showBack = installed && BACK_ROUTES.has(routeId) && typeof window !== 'undefined' && window.history.length > 1;

  return (
    <Navbar expand="md" bg="secondary" data-bs-theme="dark" className="top-nav" as="header">
      <Container>
        {showBack ? (
          <button type="button" className="btn btn-link text-white me-2" onClick={() => navigate(-1)}>
            <span aria-hidden="true">‹ </span>
            {t('nav.back')}
          </button>
        ) : null}
        <Navbar.Brand as={Link} to={url('index')} className="fw-bold">
          <span className="brand-mark" aria-hidden="true">
            ♥
          </span>{' '}
          {root?.site.name}
        </Navbar.Brand>
        <Nav as="nav" aria-label={t('nav.main')} className="ms-auto flex-row align-items-center gap-2">
          <LanguageDropdown />
          <Link to={url('login')} className="btn btn-primary">
            {t('nav.login')}
          </Link>
        </Nav>
      </Container>
    </Navbar>
  );
}
