import type { TAccountsDeps } from './accounts.service.ts';
import { passwordChecker, type TAccountChangeKit, type TAccountChangesDeps } from './account-change-deps.ts';
import { setInvisibleMode } from './account-changes.repository.ts';
import { findUserWithProfile } from './accounts.repository.ts';
import { AppError } from '#server/lib/app-error.ts';
import { createAccountDeletionService } from './account-deletion.service.ts';
import { createAddressRequests } from './address-requests.ts';
import { createEmailChangeService } from './email-change.service.ts';
import { createLinkMail } from './link-mail.ts';
import { createPasswordService } from './password.service.ts';

export type { TAccountChangesDeps } from './account-change-deps.ts';

/** Builds what the account-change services share: the settled clock, the link mail, the address requests. */
export function accountChangeKit(deps: TAccountChangesDeps): TAccountChangeKit {
  const now = deps.now ?? (() => new Date());
  return {
    ...deps,
    now,
    links: createLinkMail({ mailer: deps.mailer, now }),
    requests: createAddressRequests({ db: deps.db, jobs: deps.jobs, now }),
    checkPassword: passwordChecker(deps.db),
  };
}

/** Toggles invisible mode (the member disappears from search and lists). */
function createInvisibleMode({ db }: Pick<TAccountsDeps, 'db'>) {
  return {
    async setInvisible(userId: number, invisible: boolean): Promise<void> {
      const user = await findUserWithProfile(db, userId);
      if (!user) throw new AppError('authentication_required');
      await db.transaction((tx) => setInvisibleMode(tx, { userId, profileId: user.profileId, invisible }));
    },
  };
}

/**
 * What a member changes about the account, one service per thing done: password reset and change
 * (`password.service.ts`), email change (`email-change.service.ts`), deletion, reactivation and the retention offer
 * (`account-deletion.service.ts`), and invisible mode; routes and pages reach them as one `accountChanges`.
 */
export function createAccountChangesService(deps: TAccountChangesDeps) {
  const kit = accountChangeKit(deps);
  return {
    ...createPasswordService(kit),
    ...createEmailChangeService(kit),
    ...createAccountDeletionService(kit),
    ...createInvisibleMode(kit),
  };
}

export type TAccountChangesService = ReturnType<typeof createAccountChangesService>;
