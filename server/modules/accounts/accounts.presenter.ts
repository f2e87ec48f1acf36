import type { TUser } from '#common/wire/user.ts';
import { mainImage } from '../profiles/profile-card.ts';
import type { TSessionUser } from './accounts.repository.ts';

/** The wire User of spec §3; `fictional_icon` is the setting of the account's site (docs/ARCHITECTURE.md). */
export function toUserDto(row: TSessionUser, cdnPrefix: string): TUser {
  return {
    id: row.id,
    email: row.email,
    email_confirmed: row.emailConfirmed,
    status: row.status,
    credits: row.credits,
    paid_user: row.paidUser,
    signup_date: row.signupDate.toISOString(),
    locale: row.locale,
    invisible: row.invisible,
    fictional_icon: row.fictionalIcon,
    notifications_disabled: row.notificationsDisabled,
    email_disabled_reason: row.emailDisabledReason,
    onboarded: row.onboardedAt !== null,
    profile: {
      id: row.profile.id,
      name: row.profile.name,
      country: row.profile.country,
      status: row.profile.status,
      main_image: mainImage(row.fileKey, cdnPrefix),
    },
  };
}
