import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useRouteError } from 'react-router';
import { ErrorView, errorStatus } from '../shell/error-view.tsx';
import { SiteEntryWarning } from '../shell/site-entry-warning.tsx';
import { SignupModal } from '../features/accounts/signup-modal.tsx';
import { LikeModalTrigger } from '../features/likes/like-modal-trigger.tsx';
import { MatchMoment } from '../features/likes/match-moment.tsx';
import { MEMBERS_AREA, TimeBonusPopup } from '../features/payments/time-bonus.tsx';
import { useTimeBonusLoader } from '../features/payments/time-bonus-store.ts';
import { useLiveMembership } from '../features/payments/live-membership.ts';
import { clearSearchCache } from '../features/search/search-cache.ts';
import { CHAT_SCREENS } from '../features/chat/chat-screen.ts';
import { Disclaimer, SiteFooter, UsFooter } from '../shell/site-footer.tsx';
import { BottomTabs } from '../shell/bottom-tabs.tsx';
import { TopNav } from '../shell/top-nav.tsx';
import { WarningsHeader } from '../shell/warnings-header.tsx';
import { useInstalledApp } from '../lib/installed-app.ts';
import { useRootData } from '../lib/use-root-data.ts';

/** Routes of the default layout without the entry warning (spec §2): pages a member reaches from an email's link. */
const NO_ENTRY_WARNING = new Set(['complete-signup', 'reset-password', 'unsubscribe', 'email-reenable']);

function DefaultShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const root = useRootData();
  const installed = useInstalledApp();
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id ?? '';
  const compactFooter = installed || (Boolean(root?.user) && routeId !== 'index');
  const userId = root?.user?.id;
  useTimeBonusLoader(userId, root?.user?.paid_user, root?.timeBonus);
  useLiveMembership(root?.user);
  const membersArea = Boolean(root?.user) && MEMBERS_AREA.has(routeId);
  // A conversation keeps the whole screen for its messages and composer: no tab bar there.
  const tabs = Boolean(root?.user) && routeId !== 'chats-id';
  // A chat fills the screen: its panes scroll, the page does not, and no footer follows it (issue 31).
  const chatScreen = CHAT_SCREENS.has(routeId);
  // Search pages seen by one account are never shown to the next one on this device (login, logout, switch).
  useEffect(() => {
    clearSearchCache();
  }, [userId]);
  return (
    <div className={`d-flex flex-column ${chatScreen ? 'chat-shell' : 'min-vh-100'}${tabs ? ' has-bottom-tabs' : ''}`}>
      <a className="visually-hidden-focusable skip-link" href="#main">
        {t('meta.skip_to_content')}
      </a>
      <TopNav />
      <WarningsHeader user={root?.user ?? null} routeId={routeId} timeBonus={membersArea} />
      {membersArea ? <TimeBonusPopup credits={root?.user?.credits ?? 0} /> : null}
      {root?.user ? <LikeModalTrigger /> : null}
      {root?.user ? <MatchMoment key={root.user.id} /> : null}
      <main
        id="main"
        className={chatScreen ? 'flex-grow-1 d-flex flex-column chat-screen' : tabs ? 'flex-grow-1' : 'page-main'}
        tabIndex={-1}
      >
        {children}
      </main>
      {chatScreen ? null : <SiteFooter compact={compactFooter} />}
      {compactFooter || chatScreen ? null : <Disclaimer />}
      {compactFooter || chatScreen ? null : <UsFooter />}
      {NO_ENTRY_WARNING.has(routeId) ? null : <SiteEntryWarning />}
      {routeId === 'signup' ? null : <SignupModal />}
      {tabs ? <BottomTabs /> : null}
    </div>
  );
}

/**
 * Default layout: top navigation, the one-banner warnings header, footer, disclaimer, US footer, entry warning (spec
 * §2), and the members' bottom tab bar on phones (issue 31).
 */
export default function DefaultLayout() {
  return (
    <DefaultShell>
      <Outlet />
    </DefaultShell>
  );
}

/** Errors of pages in this layout render inside it, with the spec's error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <DefaultShell>
      <ErrorView status={errorStatus(error)} error={error} />
    </DefaultShell>
  );
}
