import { Container, Nav, Navbar } from 'react-bootstrap';
import { MenuButton } from '../components/menu-button.tsx';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useMatches, useNavigate, useRevalidator } from 'react-router';
import { CREDIT_BADGE_THRESHOLD } from '#common/constants.ts';
import type { TUser } from '#common/wire/user.ts';
import { badgeText, useNavCounts } from '../lib/chat-totals.ts';
import { useCredits } from '../lib/credits-store.ts';
import { useOpenSignup } from '../features/accounts/signup-modal.tsx';
import { logout as endSession } from '../features/accounts/accounts.api.ts';
import { stopRealtime } from '../lib/realtime.ts';
import { useInstalledApp } from '../lib/installed-app.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { url } from '../lib/url.ts';
import { useRootData } from '../lib/use-root-data.ts';
import { LanguageDropdown } from './language-dropdown.tsx';
import { releasePushOnLogout } from '../features/notifications/push.ts';

/** Routes that show a back button in installed-app mode (spec §2). */
const BACK_ROUTES = new Set(['members-id', 'likes-type', 'likes-m-id', 'credits', 'credits-id-paymentmethod']);

/** A count badge capped at 99+ (spec §9). */
export function CountBadge({ count, label, variant = 'primary' }: { count: number; label: string; variant?: string }) {
  if (count <= 0) return null;
  return (
    <span className={`badge rounded-pill text-bg-${variant} ms-1`}>
      <span aria-hidden="true">{badgeText(count)}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** Credits badge: shown at 10 or fewer, warning colour above 0, danger at 0 (spec §2). */
function CreditsBadge({ credits }: { credits: number }) {
  const { t } = useTranslation();
  if (credits > CREDIT_BADGE_THRESHOLD) return null;
  return (
    <span className={`badge rounded-pill ms-1 text-bg-${credits > 0 ? 'warning' : 'danger'}`}>
      {credits}
      <span className="visually-hidden"> {t('common.credits_count', { count: credits })}</span>
    </span>
  );
}

function MemberLinks({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const { unread, newLikes } = useNavCounts();
  const credits = useCredits(user.credits);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const isHydrated = useHydrated();
  const logout = async () => {
    // This tab ends the session itself: its socket goes first, so the server closing it is not taken for a logout
    // elsewhere, whose revalidation would race this navigation and could leave the member's menu on /login.
    stopRealtime();
    await releasePushOnLogout();
    await endSession().catch(() => undefined);
    await navigate(url('index'));
    await revalidator.revalidate();
  };
  return (
    <>
      <Nav.Link as={NavLink} to={url('members')}>
        {t('nav.search_members')}
      </Nav.Link>
      <Nav.Link as={NavLink} to={url('chats')}>
        {t('nav.messages')}
        <CountBadge count={unread} label={t('nav.unread_badge', { count: unread })} />
      </Nav.Link>
      <Nav.Link as={NavLink} to={url('likes')}>
        {t('nav.likes')}
        <CountBadge count={newLikes} label={t('nav.likes_badge', { count: newLikes })} />
      </Nav.Link>
      {user.paid_user ? (
        <Nav.Link as={NavLink} to={url('credits')}>
          {t('nav.credits')}
          <CreditsBadge credits={credits} />
        </Nav.Link>
      ) : (
        <Nav.Link as={NavLink} to={url('premium')} className="fw-semibold text-warning">
          {t('nav.get_premium')}
        </Nav.Link>
      )}
      <LanguageDropdown />
      <MenuButton
        toggleClassName="nav-link"
        disabled={!isHydrated}
        toggle={
          <>
            {/* The accessible name contains the visible name (WCAG 2.5.3), and says what the menu is. */}
            <span className="visually-hidden">{t('nav.account')}: </span>
            {user.profile.name}
          </>
        }
      >
        <Link className="dropdown-item" to={url('profile')}>
          {t('nav.my_profile')}
        </Link>
        <Link className="dropdown-item" to={url('settings')}>
          {t('nav.settings')}
        </Link>
        <Link className="dropdown-item" to={url('notifications')}>
          {t('nav.notifications')}
        </Link>
        <hr className="dropdown-divider" />
        <button type="button" className="dropdown-item" onClick={() => void logout()}>
          {t('nav.logout')}
        </button>
      </MenuButton>
    </>
  );
}

/** Top navigation (spec §2): member links and account menu when logged in, else Login and the language dropdown. */
export function TopNav() {
  const { t } = useTranslation();
  const root = useRootData();
  const installed = useInstalledApp();
  const isHydrated = useHydrated();
  const matches = useMatches();
  const navigate = useNavigate();
  const routeId = matches[matches.length - 1]?.id ?? '';
  const showBack = installed && BACK_ROUTES.has(routeId) && typeof window !== 'undefined' && window.history.length > 1;
  const user = root?.user ?? null;
  const openSignup = useOpenSignup();

  return (
    <Navbar expand={user ? 'lg' : true} bg="secondary" data-bs-theme="dark" className="top-nav" as="header">
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
        {user ? (
          <>
            <Navbar.Toggle aria-controls="main-nav" aria-label={t('nav.toggle')} disabled={!isHydrated} />
            <Navbar.Collapse id="main-nav">
              <Nav as="nav" aria-label={t('nav.main')} className="ms-auto align-items-lg-center">
                <MemberLinks user={user} />
              </Nav>
            </Navbar.Collapse>
          </>
        ) : (
          <Nav as="nav" aria-label={t('nav.main')} className="ms-auto flex-row align-items-center gap-2">
            <LanguageDropdown />
            <Link to={url('login')} className="btn btn-outline-light top-nav__login">
              {t('nav.login')}
            </Link>
            <Link to={url('signup')} className="btn btn-primary top-nav__signup" onClick={openSignup}>
              {t('nav.signup')}
            </Link>
          </Nav>
        )}
      </Container>
    </Navbar>
  );
}
