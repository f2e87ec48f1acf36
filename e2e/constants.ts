import { CLIENT_REQUEST_HEADER, CLIENT_REQUEST_VALUE } from '../common/constants.ts';

/**
 * The port the journeys' server listens on (playwright.config.ts starts it there). `E2E_PORT` moves it, so two
 * checkouts on one machine can run their journeys at the same time.
 */
export const E2E_PORT = Number(process.env.E2E_PORT) || 3217;
/** The journeys' base URL, for cookies that need a URL. */
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** The header our own client sends with API calls (required on mutations without an Origin). */
export const CLIENT = { [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_VALUE };
/** The mail provider webhook's shared secret of the journeys' server (playwright.config.ts passes it). */
export const E2E_MAIL_WEBHOOK_SECRET = 'journeys-mail-webhook-secret-0123456789';

/**
 * The production-like server e2e/production-setup.spec.ts starts for itself: NODE_ENV=production, SEED_DEMO=false, its
 * own empty database, one port above the journeys' server unless `E2E_PROD_PORT` says otherwise.
 */
export const E2E_PROD_PORT = Number(process.env.E2E_PROD_PORT) || E2E_PORT + 1;
/** Its base URL: the address its operator configures as PUBLIC_URL. */
export const E2E_PROD_URL = `http://localhost:${E2E_PROD_PORT}`;
/** The first owner `npm run admin:create` makes before the server starts. */
export const E2E_PROD_OWNER = 'founder@operator.example';
