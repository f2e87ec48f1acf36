import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { badgeText, useNavCounts } from '../lib/chat-totals.ts';
import { url } from '../lib/url.ts';
import { TabIcon, type TTabIcon } from './tab-icons.tsx';

type TTab = {
  page: 'members' | 'swipe-game' | 'likes' | 'chats' | 'profile';
  icon: TTabIcon;
  badge?: 'unread' | 'newLikes';
};

const TABS: TTab[] = [
  { page: 'members', icon: 'search' },
  { page: 'swipe-game', icon: 'swipe' },
  { page: 'likes', icon: 'likes', badge: 'newLikes' },
  { page: 'chats', icon: 'messages', badge: 'unread' },
  { page: 'profile', icon: 'profile' },
];

/**
 * The members' bottom tab bar on phones and tablets (below the `lg` breakpoint, where the top navigation collapses):
 * Search, Swipe, Likes, Messages, Profile, the current one marked with aria-current, unread messages and new likes as
 * badges that are in the server-rendered page and follow the live totals. Fixed to the bottom, above the home
 * indicator of an installed app (`env(safe-area-inset-bottom)`); the layout pads its content by the bar's height.
 */
export function BottomTabs() {
  const { t } = useTranslation();
  const counts = useNavCounts();
  const labels: Record<string, string> = {
    members: t('nav.tab_search'),
    'swipe-game': t('nav.tab_swipe'),
    likes: t('nav.likes'),
    chats: t('nav.messages'),
    profile: t('nav.tab_profile'),
  };
  return (
    <nav className="bottom-tabs d-lg-none" aria-label={t('nav.tabs')}>
      <ul className="bottom-tabs__list list-unstyled mb-0">
        {TABS.map((tab) => {
          const count = tab.badge ? counts[tab.badge] : 0;
          return (
            <li key={tab.page}>
              <NavLink to={url(tab.page)} className="bottom-tabs__tab" data-tab={tab.page}>
                <span className="bottom-tabs__icon">
                  <TabIcon name={tab.icon} />
                  {count > 0 ? (
                    <span className="bottom-tabs__badge badge rounded-pill text-bg-primary" aria-hidden="true">
                      {badgeText(count)}
                    </span>
                  ) : null}
                </span>
                <span className="bottom-tabs__label">{labels[tab.page]}</span>
                {count > 0 ? (
                  <span className="visually-hidden">
                    {' '}
                    {tab.badge === 'unread' ? t('nav.unread_badge', { count }) : t('nav.likes_badge', { count })}
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
