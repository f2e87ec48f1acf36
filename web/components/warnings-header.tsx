import type { TUser } from '../../common/wire/user.ts';
import { ActivationReminder } from '../features/accounts/activation-reminder.tsx';
import { DisabledNotificationsAlert } from '../features/notifications/disabled-notifications-alert.tsx';
import { PushAlert } from '../features/notifications/push-alert.tsx';
import { MissingPhotoAlert } from '../features/photos/missing-photo-alert.tsx';

/** The warnings header of the default layout (spec §2): where the account alerts of spec §4 stack. */
export function WarningsHeader({ user }: { user: TUser | null }) {
  if (!user) return null;
  return (
    <div className="warnings-header container mt-3">
      <ActivationReminder user={user} />
      <MissingPhotoAlert user={user} />
      <DisabledNotificationsAlert user={user} />
      <PushAlert />
    </div>
  );
}
