// `npm run refund -- <payment id>`: support refunds a paid purchase within the site's refund_days, while its credits
// are unused (ARCHITECTURE). Prints the outcome; exits 1 when the refund is not possible.
import { loadConfig } from '#server/config.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { AppError } from '#server/lib/app-error.ts';
import { createServices } from '#server/services.ts';

const paymentId = process.argv[2];
if (!paymentId) {
  console.error('usage: npm run refund -- <payment id>');
  process.exit(2);
}
const config = loadConfig();
const database = await connectDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? null : config.dataDir,
});
const services = await createServices(config, database);
let code = 0;
try {
  const payment = await services.refunds.refund(paymentId);
  console.log(
    `Refunded payment ${payment.id}: ${payment.credits} credits, ${payment.amountMinor / 100} ${payment.currency}.`,
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
