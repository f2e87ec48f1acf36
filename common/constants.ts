import { DAY_S, HOUR_MS, MINUTE_MS } from './time.ts';
/** Niches of spec §1, numbered 1 to 7; the niche picks the landing page slug. */
export const NICHES = { 1: 'general', 2: 'she', 3: 'bdsm', 4: 'bbw', 5: 'gilf', 6: 'milf', 7: 'gay' } as const;

export type TNicheId = keyof typeof NICHES;

/** Photos a free member may upload (spec §1/§9). */
export const FREE_PHOTO_LIMIT = 3;
/** Photos a premium member may upload (spec §1/§9). */
export const PREMIUM_PHOTO_LIMIT = 25;
/** Conversations a free member may start (spec §9). */
export const FREE_CONVERSATION_LIMIT = 2;
/** Daily likes in the swipe game for free members (spec §9). */
export const SWIPE_DAILY_LIKES = 4;
/** Likes a free member may give per UTC day, through every door (profile, swipe game, API) (likes as spam). */
export const LIKES_PER_DAY = 100;
/** Likes a premium member may give per UTC day. */
export const PREMIUM_LIKES_PER_DAY = 300;
/** Conversations any member may start per UTC day; replies never count (first messages as spam). */
export const NEW_CONVERSATIONS_PER_DAY = 30;
/** Days a deleted account may be reactivated (spec §4/§9). */
export const DELETION_GRACE_DAYS = 14;
/** Failed logins per account within the window before the account is blocked (spec §8 wording). */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Failed logins per IP within the window before the IP is blocked. */
export const IP_FAILURE_LIMIT = 30;
/** Lockout window and block duration. */
export const LOCKOUT_MS = 15 * MINUTE_MS;
/** Activation links stay valid this many hours. */
export const ACTIVATION_HOURS = 168;
/** Password reset links stay valid this many hours (spec §2 reset-password-do; the spec names no length, 2 h is ours). */
export const RESET_LINK_HOURS = 2;
/** Password reset emails an account may receive per day (spec §8 'Too many password reset emails sent, please try again tomorrow.'). */
export const RESET_EMAILS_PER_DAY = 3;
/** Email-change confirmation links stay valid this many hours (spec §2 mail-change/do; the spec names no length, 24 h is ours). */
export const MAIL_CHANGE_LINK_HOURS = 24;
/** The link that undoes an email change, sent to the old address at once, stays valid this many hours (7 days). */
export const MAIL_UNDO_LINK_HOURS = 168;
/** A retention discount code offered on account deletion stays valid this many days (spec §2 deletion flow with retention offers, company delete_discount). */
export const RETENTION_CODE_DAYS = 30;
/** Seconds from signup during which the time bonus and welcome discount exist (spec §4/§9). */
export const TIME_BONUS_SECONDS = 14_400;
/** Welcome discount percentage (spec §9). */
export const WELCOME_DISCOUNT_PERCENT = 25;
/** Credits at or below which the credit badge shows (spec §9). */
export const CREDIT_BADGE_THRESHOLD = 10;
/** Unread and like badges cap at 99+ (spec §9). */
export const BADGE_CAP = 99;
/** Polling interval of user, chats, likes in ms (spec §9). */
export const POLL_INTERVAL_MS = MINUTE_MS;
/** Polling interval when push is subscribed, in ms (spec §9). */
export const POLL_INTERVAL_PUSH_MS = 300_000;
/** Polling starts this many ms after load (spec §9). */
export const POLL_START_DELAY_MS = 5_000;
/** Delay before the time-bonus popup opens, in ms (spec §9). */
export const TIME_BONUS_POPUP_DELAY_MS = 40_000;
/** Progress bar throttle in ms (spec §9). */
export const PROGRESS_THROTTLE_MS = 200;
/** Progress bar duration in ms (spec §9). */
export const PROGRESS_DURATION_MS = 5_000;
/** Progress bar hides this long after finishing, in ms (spec §9). */
export const PROGRESS_HIDE_MS = 500;
/** A failed route chunk reloads the page at most once per this many ms (spec §9). */
export const CHUNK_RELOAD_GUARD_MS = MINUTE_MS;
/** Auth cookie lifetime: 30 days (spec §9). */
export const AUTH_COOKIE_MAX_AGE_S = 30 * DAY_S;
/** A session's 'last active' time (list of sessions in settings) is written at most this often. */
export const SESSION_SEEN_EVERY_MS = 5 * MINUTE_MS;
/** Auth cookie name prefix (spec §9). */
export const AUTH_COOKIE_PREFIX = 'auth.';
/** HTTP client retries (spec §7/§9). */
export const HTTP_RETRIES = 5;
/** Geolocation cache max age in ms (spec §9). */
export const GEOLOCATION_MAX_AGE_MS = HOUR_MS;
/** Push service worker version (spec §7/§9). */
export const PUSH_WORKER_VERSION = 2;
/** Terms version date default (spec §9): 2023-12-01 12:00 UTC, or the company added date if later. */
export const TERMS_VERSION_DEFAULT = '2023-12-01T12:00:00Z';
/** Marketing: premium members have a 46% higher chance of a match (spec §1). */
export const PREMIUM_MATCH_CHANCE_PERCENT = 46;
/** Header marking a request as made by our own client (spec §7). */
export const CLIENT_REQUEST_HEADER = 'x-requested-with';
/** Value of the client-request header. */
export const CLIENT_REQUEST_VALUE = 'amora';
/** Largest body, in bytes, a page form action reads (the longest real form, the profile, is ~6 KB). */
export const PAGE_BODY_MAX = 64 * 1024;

/** localStorage keys of hidden alerts (spec §9). */
export const STORAGE_KEYS = {
  hideEnrichAlert: 'hide-enrich-alert',
  hidePushAlert: 'hide-push-notification-alert',
  hideDisabledNotificationsAlert: 'hide-disabled-notifications-alert',
  hideTimeBonusModal: 'hide-time-bonus-modal',
  /** The welcome-bonus banner closed by the member (issue 31: every banner can be put away; one shows at a time). */
  hideTimeBonusBanner: 'hide-time-bonus-banner',
  siteEntryDismissed: 'site-entry-warning-dismissed',
} as const;

/** Tracking query values stored with a signup (spec §3). */
export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

/** Lander kinds of `/landers/{kind}/{slug?}` (spec §2). */
export const LANDER_KINDS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;

export type TLanderKind = (typeof LANDER_KINDS)[number];

/** SMS codes a member may ask for per hour on the direct debit form (spec §3 Direct debit; each costs us an SMS). */
export const DIRECT_DEBIT_CODES_PER_HOUR = 5;
/** Window, in days, of the direct debit limit DIRECT_DEBIT_MAX_PER_30_DAYS (spec §9 'limit reached'). */
export const DIRECT_DEBIT_LIMIT_WINDOW_DAYS = 30;
/** A repeat order of the same bundle within this many ms is the same click, answered once (spec §2 credits-repeat-order). */
export const REPEAT_ORDER_DEDUPE_MS = 30_000;

/** Days a "Download my data" archive can be downloaded before its file is deleted. */
export const DATA_EXPORT_DAYS = 7;
/** Data exports a member may request per 24 hours (each builds an archive of all their data and photos). */
export const DATA_EXPORTS_PER_DAY = 3;

// Storage limits (GDPR Art. 5(1)(e)): the daily `retention` job applies them; the privacy page lists them.
/** Login attempts (email and IP) are deleted this many days after the attempt. */
export const LOGIN_ATTEMPT_RETENTION_DAYS = 30;
/** Background jobs that finished (done or failed) are deleted this many days after they finished. */
export const FINISHED_JOB_RETENTION_DAYS = 30;
/** Dev mailbox rows (emails and SMS codes of the demo) are deleted this many days after they were stored. */
export const DEV_MAILBOX_RETENTION_DAYS = 7;
/** No IP address or address prefix is kept longer than this many days anywhere (sessions, consents, login attempts). */
export const IP_RETENTION_DAYS = 90;
/** Payments and the credit ledger of a purged account are kept this many years (tax law: 10 years, the longest common EU period, e.g. Germany's §147 AO / §257 HGB for books). */
export const PAYMENT_RETENTION_YEARS = 10;
/** Consent records of a purged account (proof for legal claims) are kept this many years (common EU limitation period). */
export const CONSENT_PROOF_RETENTION_YEARS = 3;
/** A revoked SEPA mandate's details (IBAN, holder, address) are kept this many days: a debtor may dispute a debit for 13 months. */
export const SEPA_MANDATE_RETENTION_DAYS = 425;
/** The record of which notifications a member was sent, and mail providers' bounce and spam reports, go after this many days. */
export const NOTIFICATION_LOG_RETENTION_DAYS = 60;
/** Hours between two runs of the retention job. */
export const RETENTION_INTERVAL_HOURS = 24;
