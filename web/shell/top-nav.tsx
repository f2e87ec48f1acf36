import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useMatches, useNavigate, useRevalidator } from 'react-router';
import { MenuButton } from '../components/menu-button.tsx';
import { CREDIT_BADGE_THRESHOLD } from '#common/constants.ts';
import type { TUser } from '#common/wire/user.ts';
import { badgeText, useNavCounts } from '../lib/chat-totals.ts';
import { useCredits } from '../lib/credits-store.ts';
import { useOpenSignup } from '../features/accounts/signup-modal.tsx';
import { logout as endSession } from '../features/accounts/accounts.api.ts';
import { stopRealtime } from '../lib/realtime.ts';
import { whileLoggingOut } from '../lib/api.ts';
import { useInstalledApp } from '../lib/installed-app.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { LiveButton } from '../components/live-button.tsx';
import { url } from '../lib/url.ts';
import { useRootData } from '../lib/use-root-data.ts';
import { LanguageDropdown } from './language-dropdown.tsx';
import { releasePushOnLogout } from '../features/notifications/push.ts';
import { BrandHeart } from '../components/brand-heart.tsx';

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
    // Polls and resync timers of the member's page may still fire until the visitor's view replaces it.
    stopRealtime();
    await whileLoggingOut(async () => {
      await releasePushOnLogout();
      await endSession().catch(() => undefined);
      await navigate(url('index'));
      await revalidator.revalidate();
    });
  };
  return (
    <>
      <NavLink className="nav-link" to={url('members')}>
        {t('nav.search_members')}
      </NavLink>
      <NavLink className="nav-link" to={url('chats')}>
        {t('nav.messages')}
        <CountBadge count={unread} label={t('nav.unread_badge', { count: unread })} />
      </NavLink>
      <NavLink className="nav-link" to={url('likes')}>
        {t('nav.likes')}
        <CountBadge count={newLikes} label={t('nav.likes_badge', { count: newLikes })} />
      </NavLink>
      {user.paid_user ? (
        <NavLink className="nav-link" to={url('credits')}>
          {t('nav.credits')}
          <CreditsBadge credits={credits} />
        </NavLink>
      ) : (
        <NavLink to={url('premium')} className="nav-link fw-semibold text-warning">
          {t('nav.get_premium')}
        </NavLink>
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
  const matches = useMatches();
  const navigate = useNavigate();
  const routeId = matches[matches.length - 1]?.id ?? '';
  const showBack = installed && BACK_ROUTES.has(routeId) && typeof window !== 'undefined' && window.history.length > 1;
  const user = root?.user ?? null;
  const openSignup = useOpenSignup();
  const [expanded, setExpanded] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setExpanded(false), [pathname]);

  return (
    // Bootstrap's navbar markup without its components (issue 32: no transition library on every page); the collapse
    // opens and closes without animation, and closes when the member moves to another page.
    <header
      className={`navbar ${user ? 'navbar-expand-lg' : 'navbar-expand'} bg-secondary top-nav`}
      data-bs-theme="dark"
    >
      <div className="container">
        {showBack ? (
          <button type="button" className="btn btn-link text-white me-2" onClick={() => navigate(-1)}>
            <span aria-hidden="true">‹ </span>
            {t('nav.back')}
          </button>
        ) : null}
        <Link to={url('index')} className="navbar-brand fw-bold">
          <BrandHeart /> {root?.site.name}
        </Link>
        {user ? (
          <>
            <LiveButton
              className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
              aria-controls="main-nav"
              aria-expanded={expanded}
              aria-label={t('nav.toggle')}
              onClick={() => setExpanded(!expanded)}
            >
              <span className="navbar-toggler-icon" />
            </LiveButton>
            <div id="main-nav" className={`navbar-collapse collapse${expanded ? ' show' : ''}`}>
              <nav aria-label={t('nav.main')} className="navbar-nav ms-auto align-items-lg-center">
                <MemberLinks user={user} />
              </nav>
            </div>
          </>
        ) : (
          <nav aria-label={t('nav.main')} className="navbar-nav ms-auto flex-row align-items-center gap-2">
            <LanguageDropdown />
            <Link to={url('login')} className="btn btn-outline-light top-nav__login">
              {t('nav.login')}
            </Link>
            <Link to={url('signup')} className="btn btn-primary top-nav__signup" onClick={openSignup}>
              {t('nav.signup')}
            </Link>
          </nav>
        )}
      </div>
    </header>
  );
}
