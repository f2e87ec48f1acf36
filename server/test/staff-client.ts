import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { STAFF_COOKIE, type TStaffRole } from '#common/staff.ts';
import { adminStaffApi } from '#common/wire/admin/staff.ts';
import { asMember } from './member-client.ts';
import type { TTestApp } from './test-app.ts';

/** The current TOTP code of a secret at the app's clock (what the staff member's authenticator shows). */
export function totpCode(t: TTestApp, secret: string, offsetSteps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.services.now().getTime() / 1000) + offsetSteps * 30 });
}

/** A strong password for test staff. */
export const STAFF_PASSWORD = 'violet-harbour-tractor-97';

/**
 * A staff member invited, enrolled through the console's API (password, authenticator, recovery codes) and logged in:
 * their cookie for `asStaff`, id, TOTP secret and recovery codes.
 */
export async function enrolledStaff(t: TTestApp, role: TStaffRole, siteIds: number[] = []) {
  const email = `${role}-${randomUUID().slice(0, 8)}@staff.example`;
  const { id, enrolToken } = await t.services.staff.invite(null, { email, name: `Test ${role}`, role, siteIds });
  const client = asMember(t.app);
  const step = await client.call(adminStaffApi.enrol, { token: enrolToken, password: STAFF_PASSWORD });
  if (step.body.step !== 'enrol') throw new Error(`enrolment answered ${step.status}`);
  const { secret, ticket } = step.body;
  const verified = await client.call(adminStaffApi.verify, { ticket, code: await totpCode(t, secret) });
  const token = verified.cookies.find((c) => c.name === STAFF_COOKIE)?.value;
  if (!token) throw new Error(`verify answered ${verified.status}`);
  return { id, email, secret, recoveryCodes: verified.body.recoveryCodes ?? [], cookie: { [STAFF_COOKIE]: token } };
}

export type TTestStaff = Awaited<ReturnType<typeof enrolledStaff>>;

/** A client calling console endpoints as a staff member (their console cookie). */
export const asStaff = (app: TTestApp['app'], staff: { cookie: Record<string, string> }) => asMember(app, staff.cookie);
