import { useEffect } from 'react';
import type { TUser } from '#common/wire/user.ts';
import { ActivationReminder } from '../features/accounts/activation-reminder.tsx';
import { DisabledNotificationsAlert } from '../features/notifications/disabled-notifications-alert.tsx';
import { PushAlert } from '../features/notifications/push-alert.tsx';
import { syncPushSubscription, usePushState } from '../features/notifications/push.ts';
import { MissingPhotoAlert } from '../features/photos/missing-photo-alert.tsx';

/** The warnings header of the default layout (spec §2): where the account alerts of spec §4 stack. */
export function WarningsHeader({ user }: { user: TUser | null }) {
  // The push state the alerts were decided with (absent until the browser answered; journeys wait for it).
  const pushState = usePushState();
  const memberId = user?.id;
  useEffect(() => {
    if (memberId && pushState === 'subscribed') void syncPushSubscription(memberId);
  }, [memberId, pushState]);
  if (!user) return null;
  return (
    <div className="warnings-header container mt-3" data-push-state={pushState ?? undefined}>
      <ActivationReminder user={user} />
      <MissingPhotoAlert user={user} />
      <DisabledNotificationsAlert user={user} />
      <PushAlert />
    </div>
  );
}
