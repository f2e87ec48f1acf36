import { hashPassword } from '#server/lib/passwords.ts';
import type { TDb } from '../connect.ts';
import { staff } from '../schema/index.ts';

/** The demo's console owner (SEED_DEMO only, never a real installation): its login is printed at every start. */
export const DEMO_OWNER = { email: 'owner@amora.localhost', password: 'demo-console-owner-2026', name: 'Demo Owner' };

/**
 * Adds the demo owner when missing: active with the demo password and no authenticator yet, so the first login sets
 * one up (QR code) like any new staff member's. Answers the line the start-up log prints.
 */
export async function seedDemoStaff(db: TDb, baseUrl: string): Promise<string> {
  await db
    .insert(staff)
    .values({
      email: DEMO_OWNER.email,
      name: DEMO_OWNER.name,
      role: 'owner',
      status: 'active',
      passwordHash: await hashPassword(DEMO_OWNER.password),
    })
    .onConflictDoNothing({ target: staff.email });
  return `demo console: ${baseUrl}/admin/login as ${DEMO_OWNER.email} / ${DEMO_OWNER.password} (demo only; the first login sets up an authenticator app)`;
}
