import type { TJobRunner } from '#server/jobs/jobs.ts';
import { AppError } from '#server/lib/app-error.ts';
import { verifyPassword } from '#server/lib/passwords.ts';
import type { TSite } from '../sites/sites.service.ts';
import type { TAccountsDeps } from './accounts.service.ts';
import { findUserWithProfile, type TUserWithProfile } from './accounts.repository.ts';
import type { TAddressRequests } from './address-requests.ts';
import type { TLinkMailer } from './link-mail.ts';

/** What the account changes need: the same as the account rules (database, mail queue, job runner, realtime hub). */
export type TAccountChangesDeps = TAccountsDeps & { jobs: Pick<TJobRunner, 'runNow'> };

/** What each account-change service gets: its dependencies with the clock settled, and the pieces they share. */
export type TAccountChangeKit = Omit<TAccountChangesDeps, 'now'> & {
  now: () => Date;
  links: TLinkMailer;
  requests: TAddressRequests;
  /** Verifies the member's current password (a missing account fails like a wrong password). */
  checkPassword: (userId: number, password: string) => Promise<TUserWithProfile>;
};

/** Where a change happens: the request's site and the origin its emailed links lead back to. */
export type TChangeAt = { site: TSite; origin: string };

/** The shared check of every change that asks for the current password. */
export function passwordChecker(db: TAccountsDeps['db']) {
  return async (userId: number, password: string): Promise<TUserWithProfile> => {
    const user = await findUserWithProfile(db, userId);
    if (!user || !(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('old_password_wrong');
    }
    return user;
  };
}
