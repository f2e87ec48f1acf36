import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TTrustProxy } from './lib/client-address.ts';
import { DAY_S } from '#common/time.ts';

/** Whether a value is an SMTP URL nodemailer can use: smtp: or smtps:, a host, at most a numeric port. */
function isSmtpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
}

const ZBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** How long a database connection may take to open before start-up (or a request) gives up on it. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /** After SIGTERM: how long /readyz answers 503 while requests are still served; default 5 s in production, else 0. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The proxies in front whose X-Forwarded-For is believed: a hop count or addresses/CIDRs (server/lib/client-address.ts). */
  TRUST_PROXY: z
    .string()
    .transform((value, ctx): TTrustProxy => {
      const parsed = parseTrustProxy(value);
      if ('trust' in parsed) return parsed.trust;
      ctx.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    })
    .default(false),
  GEOIP_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/i)
    .optional(),
  SEED_DEMO: ZBool.default(true),
  RATE_LIMITS: ZBool.default(true),
  /** Compress dynamic answers in the app (false when a proxy or CDN in front compresses them). */
  COMPRESSION: ZBool.default(true),
  DEMO_PROFILES: z.coerce.number().int().min(0).max(100_000).default(300),
  /** The mail relay, `smtp://user:password@host:port` or `smtps://…`; unset: the dev mailbox table. */
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL with a host (smtp://user:password@host:port)')
    .optional(),
  /** Shows /dev/mailbox (every email and SMS the site sent); default: see devMailbox below. */
  DEV_MAILBOX: ZBool.optional(),
  /** Serves the OpenAPI document and explorer at /api/docs; default: outside production only. */
  API_DOCS: ZBool.optional(),
  MAIL_FROM: z.string().optional(),
  /** Envelope sender (where bounces go); default: the From address. */
  MAIL_BOUNCE_ADDRESS: z.email().optional(),
  /** Name given in the SMTP greeting (EHLO); default: the host of PUBLIC_URL. */
  SMTP_HELO_NAME: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name')
    .optional(),
  /** Connection, greeting and socket timeout of the SMTP transport, each. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Shared secret of the mail provider's bounce/complaint webhook (HMAC-SHA256); unset: POST /webhooks/mail is off. */
  MAIL_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Lets push endpoints name loopback addresses (the tests' local push service); refused in production. */
  PUSH_ALLOW_LOOPBACK: ZBool.default(false),
  /** Seconds an email about a message or like waits for the member to read it on another channel (push, the site). */
  NOTIFICATION_EMAIL_DELAY_S: z.coerce.number().int().min(0).max(DAY_S).default(600),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'mollie']).default('sandbox'),
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(live|test)_\w{20,}$/, 'must be a Mollie live_ or test_ API key')
    .optional(),
  /** Only for tests against a local fake of the Mollie API. */
  MOLLIE_API_ENDPOINT: z.url().optional(),
  SMS_GATEWAY_URL: z.url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
});

export type TConfig = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** A database connection that has not opened within this time fails (start-up exits with the cause). */
  dbConnectTimeoutMs: number;
  /** After SIGTERM: /readyz answers 503 and every answer says `Connection: close` for this long before closing. */
  shutdownDrainMs: number;
  dataDir: string;
  publicUrl: string | undefined;
  logLevel: string;
  /** Proxies trusted to report the client's address; `request.ip` is the right-most address not among them. */
  trustProxy: TTrustProxy;
  geoipHeader: string | undefined;
  seedDemo: boolean;
  rateLimits: boolean;
  /** The app compresses HTML and JSON itself (static assets are precompressed either way). */
  compression: boolean;
  demoProfiles: number;
  smtpUrl: string | undefined;
  /**
   * Whether /dev/mailbox is served. Default: outside production, and in the one-command demo (production mode on
   * the embedded database without SMTP), where it is the only way to read activation emails and SMS codes. A real
   * deployment (PostgreSQL, SMTP) has it off; DEV_MAILBOX overrides either way.
   */
  devMailbox: boolean;
  /**
   * Whether /dev/mailbox answers any client. Only with DEV_MAILBOX=true set explicitly: by default it answers
   * loopback clients only (127.0.0.0/8, ::1), since it shows every reset link and would hand over any account.
   */
  devMailboxAnyClient: boolean;
  /** Whether /api/docs is served: outside production, or with API_DOCS=true. */
  apiDocs: boolean;
  mailFrom: string | undefined;
  /** SMTP transport: EHLO name, envelope sender (bounces) and timeouts (connection, greeting, socket). */
  smtp: { heloName: string | undefined; bounceAddress: string | undefined; timeoutMs: number };
  /** Secret that signs the mail provider's webhook reports; undefined turns the webhook off. */
  mailWebhookSecret: string | undefined;
  /** How long an email about a message or like waits (it goes only if still unread/unseen then). */
  notificationEmailDelayMs: number;
  /** Whether push endpoints may name loopback addresses (tests only; public addresses otherwise). */
  pushAllowLoopback: boolean;
  payments:
    { provider: 'sandbox' } | { provider: 'mollie'; mollieApiKey: string; mollieApiEndpoint: string | undefined };
  sms: { gatewayUrl: string; gatewayToken: string | undefined } | null;
};

/** Parses the environment once; throws listing every problem (fail fast). */
export function loadConfig(env: Record<string, string | undefined> = process.env): TConfig {
  // An empty variable counts as unset (e.g. `DATABASE_URL=` selects the embedded database).
  const parsed = ZEnv.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  if (e.PUSH_ALLOW_LOOPBACK && e.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  - PUSH_ALLOW_LOOPBACK: only for tests, never with NODE_ENV=production');
  }
  if (e.PAYMENT_PROVIDER === 'mollie' && !e.MOLLIE_API_KEY) {
    throw new Error('Invalid configuration:\n  - MOLLIE_API_KEY: required with PAYMENT_PROVIDER=mollie');
  }
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 5000 : 0),
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    geoipHeader: e.GEOIP_HEADER?.toLowerCase(),
    seedDemo: e.SEED_DEMO,
    rateLimits: e.RATE_LIMITS,
    compression: e.COMPRESSION,
    demoProfiles: e.DEMO_PROFILES,
    smtpUrl: e.SMTP_URL,
    devMailbox: e.DEV_MAILBOX ?? (e.NODE_ENV !== 'production' || (!e.DATABASE_URL && !e.SMTP_URL)),
    devMailboxAnyClient: e.DEV_MAILBOX === true,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    mailFrom: e.MAIL_FROM,
    smtp: {
      heloName: e.SMTP_HELO_NAME ?? (e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : undefined),
      bounceAddress: e.MAIL_BOUNCE_ADDRESS,
      timeoutMs: e.SMTP_TIMEOUT_MS,
    },
    mailWebhookSecret: e.MAIL_WEBHOOK_SECRET,
    notificationEmailDelayMs: e.NOTIFICATION_EMAIL_DELAY_S * 1000,
    pushAllowLoopback: e.PUSH_ALLOW_LOOPBACK,
    payments:
      e.PAYMENT_PROVIDER === 'mollie'
        ? { provider: 'mollie', mollieApiKey: e.MOLLIE_API_KEY!, mollieApiEndpoint: e.MOLLIE_API_ENDPOINT }
        : { provider: 'sandbox' },
    sms: e.SMS_GATEWAY_URL ? { gatewayUrl: e.SMS_GATEWAY_URL, gatewayToken: e.SMS_GATEWAY_TOKEN } : null,
  };
}
