import { useEffect } from 'react';
import type { TUser } from '#common/wire/user.ts';
import { ActivationReminder } from '../features/accounts/activation-reminder.tsx';
import { DisabledNotificationsAlert } from '../features/notifications/disabled-notifications-alert.tsx';
import { PushAlert } from '../features/notifications/push-alert.tsx';
import { syncPushSubscription, usePushState } from '../features/notifications/push.ts';
import { TimeBonusBanner } from '../features/payments/time-bonus.tsx';
import { MissingPhotoAlert } from '../features/photos/missing-photo-alert.tsx';

/**
 * Pages without any banner (issue 31): activation and the signup steps, conversations, and checkout, where a banner
 * would only stand between the member and what they came to do.
 */
export const NO_BANNER_ROUTES = new Set([
  'signup',
  'activate',
  'activate/done',
  'activate/error',
  'complete-signup',
  'accept-terms',
  'chats',
  'chats-id',
  'members-id-chat',
  'credits',
  'premium',
  'credits-id-paymentmethod',
  'credits-repeat-order',
  'directdebit',
]);

/** Whether a page shows the banner slot at all. */
export function showsBanners(routeId: string): boolean {
  return !NO_BANNER_ROUTES.has(routeId);
}

/**
 * The warnings header of the default layout (spec §2): the ONE banner slot under the navigation. Candidates render in
 * priority order (each still decides by itself whether it applies) and only the first one that rendered is shown
 * (`.warnings-header > * + *` is hidden in _nav.scss): activation reminder, disabled email notifications, the welcome
 * countdown (members area), the missing photo, the push prompt. Dismissing one lets the next appear.
 */
export function WarningsHeader({
  user,
  routeId,
  timeBonus,
}: {
  user: TUser | null;
  routeId: string;
  timeBonus: boolean;
}) {
  // The push state the alerts were decided with (absent until the browser answered; journeys wait for it).
  const pushState = usePushState();
  const memberId = user?.id;
  useEffect(() => {
    if (memberId && pushState === 'subscribed') void syncPushSubscription(memberId);
  }, [memberId, pushState]);
  if (!user || !showsBanners(routeId)) return null;
  return (
    <div className="warnings-header container" data-push-state={pushState ?? undefined}>
      <ActivationReminder user={user} />
      <DisabledNotificationsAlert user={user} />
      {timeBonus ? <TimeBonusBanner /> : null}
      <MissingPhotoAlert user={user} />
      <PushAlert />
    </div>
  );
}
