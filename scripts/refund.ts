// `npm run refund -- <payment id> --by <staff email>`: a staff member refunds a paid purchase within the site's
// refund_days, while its credits are unused (ARCHITECTURE), exactly as the console's Refund button does: same rules,
// same site and role checks (owner, admin, support), same `payment.refund` audit entry under their name. Prints the
// outcome; exits 1 when the refund is not possible or the staff member may not refund it, 2 on bad usage.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { PAYMENT_ACTION_ROLES } from '#common/wire/admin/payments.ts';
import { loadConfig } from '#server/config.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { AppError } from '#server/lib/app-error.ts';
import { createServices } from '#server/services.ts';

const usage = 'usage: npm run refund -- <payment id> --by <staff email>';
const { values, positionals } = parseArgs({ allowPositionals: true, options: { by: { type: 'string' } } });
const paymentId = positionals[0];
if (!z.uuid().safeParse(paymentId).success || !values.by) {
  console.error(usage);
  process.exit(2);
}
const config = loadConfig();
const database = await connectDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? null : config.dataDir,
});
const services = await createServices(config, database);
const mayRefund: readonly string[] = ['owner', ...PAYMENT_ACTION_ROLES];
let code = 0;
try {
  const actor = await services.staff.actorByEmail(values.by);
  if (!actor || !mayRefund.includes(actor.role)) throw new AppError('forbidden');
  const payment = await services.paymentAdmin.refund(actor, paymentId);
  console.log(
    `Refunded payment ${payment.id}: ${payment.credits} credits, ${payment.amountMinor / 100} ${payment.currency}` +
      ` (audited as ${values.by.trim().toLowerCase()}).`,
  );
} catch (error) {
  code = 1;
  console.error(error instanceof AppError ? `Not refunded: ${error.code}` : error);
} finally {
  await services.realtime.close();
  services.mailer.close();
  await database.close();
}
process.exit(code);
