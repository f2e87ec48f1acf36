// `npm run admin:create -- <email> --role owner [--name "Olga Owner"] [--site 3 --site 4]`: makes a staff member (the
// first owner of a fresh installation) and prints their one-time enrolment link: they choose a password there and
// set up their authenticator. Exits 1 when the address is already staff.
import { parseArgs } from 'node:util';
import { adminPath } from '#common/routes.ts';
import { STAFF_ROLES, type TStaffRole } from '#common/staff.ts';
import { loadConfig } from '#server/config.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { AppError } from '#server/lib/app-error.ts';
import { createStaffService } from '#server/modules/staff/staff.service.ts';
import { createLogger } from '#server/lib/logger.ts';

const usage =
  'usage: npm run admin:create -- <email> --role <owner|admin|moderator|support|host> [--name N] [--site ID]…';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { role: { type: 'string' }, name: { type: 'string' }, site: { type: 'string', multiple: true } },
});
const email = positionals[0];
const role = values.role as TStaffRole | undefined;
if (!email || !role || !STAFF_ROLES.includes(role) || !/^[^@\s]+@[^@\s]+$/.test(email)) {
  console.error(usage);
  process.exit(2);
}
const siteIds = (values.site ?? []).map(Number);
if (siteIds.some((id) => !Number.isInteger(id) || id <= 0)) {
  console.error(usage);
  process.exit(2);
}
const config = loadConfig();
const database = await connectDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? null : config.dataDir,
});
const log = createLogger({ level: 'warn', pretty: false });
const staff = createStaffService({ db: database.db, now: () => new Date(), log });
let code = 0;
try {
  const name = values.name ?? email.split('@')[0];
  const { enrolToken } = await staff.invite(null, { email, name, role, siteIds });
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  console.log(`Created ${role} ${email.toLowerCase()}. Enrolment link (one-time, valid for 7 days):`);
  console.log(`${base.replace(/\/$/, '')}${adminPath('admin-enrol', { token: enrolToken })}`);
} catch (error) {
  code = 1;
  console.error(error instanceof AppError ? `Not created: ${error.code}` : error);
} finally {
  await database.close();
}
process.exit(code);
