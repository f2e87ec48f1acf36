import type { TCore } from '#server/core.ts';
import { createStaffAuthService } from './staff-auth.service.ts';
import { createStaffService } from './staff.service.ts';

/** Operator staff: console login (password + TOTP), staff management and the audit log (issue 30). */
export function createStaffArea(core: TCore) {
  return { staffAuth: createStaffAuthService(core), staff: createStaffService(core) };
}
