// What a purge does with every table (GDPR Art. 17); purge.repository.ts carries it out.

/** What a purge does with a table's rows about the member. */
export type TErasure =
  /** Every row about the member is deleted (`refs`: the columns naming the member). */
  | { how: 'purged'; refs: { user?: string[]; profile?: string[]; email?: string[] }; why: string }
  /** Rows stay, every personal column blanked (the columns listed in `columns`). */
  | { how: 'anonymized'; columns: string[]; why: string }
  /** Rows stay as they are: the law or the system needs them, and they hold nothing personal beyond an id. */
  | { how: 'kept'; why: string };

/**
 * The erasure plan of every table (GDPR Art. 17): purged, anonymized, or kept with the reason. The purge test walks
 * every table of the schema and fails on a table missing here, so a new table must be placed in the plan.
 */
export const ERASURE_PLAN: Record<string, TErasure> = {
  users: {
    how: 'anonymized',
    columns: [
      'email',
      'password_hash',
      'tracking',
      'signup_member_id',
      'signup_message',
      'delete_reason',
      'last_login_at',
      'email_disabled_reason',
      'notifications_disabled',
    ],
    why: 'the account id stays: payments and the credit ledger (kept for tax law) refer to it',
  },
  profiles: {
    how: 'anonymized',
    columns: [
      'name',
      'gender',
      'sexuality',
      'show_sexuality',
      'seeking',
      'search_filters',
      'birth_date',
      'country',
      'region_code',
      'city',
      'lat',
      'lon',
      'about_me',
      'hair_color',
      'eye_color',
      'body_type',
      'relationship_status',
      'tattoos',
      'height_cm',
      'interests',
      'niches',
      'status',
    ],
    why: "the row stays so the other member's conversation can show 'Deleted member'",
  },
  messages: {
    how: 'anonymized',
    columns: ['kind', 'body', 'attachment_key', 'idempotency_key', 'request_hash'],
    why:
      "the messages the member sent: the other member sees 'message removed' in their place and keeps their own " +
      'messages (their own words)',
  },
  consents: {
    how: 'anonymized',
    columns: ['ip_prefix', 'withdrawn_at'],
    why:
      'proof that processing before the erasure had a legal basis (Art. 7(1), legal claims: Art. 17(3)(e)); ' +
      'every consent is withdrawn, the address prefix dropped, the rows deleted after CONSENT_PROOF_RETENTION_YEARS',
  },
  photos: { how: 'purged', refs: { profile: ['profile_id'] }, why: 'profile photos, files too' },
  sessions: { how: 'purged', refs: { user: ['user_id'] }, why: 'logins' },
  account_tokens: { how: 'purged', refs: { user: ['user_id'] }, why: 'emailed links' },
  login_attempts: { how: 'purged', refs: { email: ['email'] }, why: 'email address and IP' },
  data_exports: { how: 'purged', refs: { user: ['user_id'] }, why: "the member's archives, files too" },
  likes: { how: 'purged', refs: { profile: ['liker_profile_id', 'liked_profile_id'] }, why: 'both directions' },
  blocks: { how: 'purged', refs: { profile: ['blocker_profile_id', 'blocked_profile_id'] }, why: 'both directions' },
  swipe_passes: { how: 'purged', refs: { profile: ['viewer_profile_id', 'profile_id'] }, why: 'both directions' },
  reports: { how: 'purged', refs: { profile: ['reporter_profile_id', 'profile_id'] }, why: 'by and about the member' },
  complaints: { how: 'purged', refs: { user: ['user_id'], email: ['email'] }, why: 'name, email and text' },
  conversation_members: { how: 'purged', refs: { profile: ['profile_id'] }, why: "the member's side" },
  mailbox: { how: 'purged', refs: { email: ['to'] }, why: 'dev mailbox: emails to or about the address' },
  jobs: {
    how: 'purged',
    refs: { user: ['user_id'] },
    why: 'jobs about the member or carrying the address (the running purge job keeps its {userId} only)',
  },
  direct_debit_requests: { how: 'purged', refs: { user: ['user_id'] }, why: 'bank details never confirmed' },
  notification_preferences: { how: 'purged', refs: { user: ['user_id'] }, why: 'notification switches' },
  push_subscriptions: {
    how: 'purged',
    refs: { user: ['user_id'] },
    why: "the member's browsers' push endpoints and keys",
  },
  notification_sends: { how: 'purged', refs: { user: ['user_id'] }, why: 'which notifications the member was sent' },
  email_feedback: {
    how: 'purged',
    refs: { user: ['user_id'] },
    why: "bounce and spam reports about the member's address",
  },
  payments: {
    how: 'kept',
    why:
      'tax law (PAYMENT_RETENTION_YEARS): amount, currency, method, status and dates only; no name, email or IP is ' +
      'stored in it',
  },
  payment_reports: {
    how: 'kept',
    why: "the payment service's reports of a kept payment (status, amount, time): ids only, part of its record",
  },
  credit_ledger: { how: 'kept', why: 'tax law (PAYMENT_RETENTION_YEARS): what each payment bought and was spent on' },
  discount_redemptions: { how: 'kept', why: "part of a payment's price (tax law); ids only" },
  discount_codes: {
    how: 'kept',
    why: "a used personal code is part of a payment's price (tax law); random code and account id only; unused ones are disabled",
  },
  payment_customers: {
    how: 'kept',
    why: "the payment service's customer id, needed for refunds and chargebacks of kept payments; no personal data",
  },
  payment_mandates: {
    how: 'kept',
    why:
      'revoked at the payment service first; a signed SEPA mandate must be shown to the bank if a debit is disputed ' +
      '(up to 13 months after it): its details are dropped by the retention job SEPA_MANDATE_RETENTION_DAYS after revocation',
  },
  conversations: {
    how: 'kept',
    why: "ids and times only; the other member keeps the conversation with 'Deleted member'",
  },
  companies: { how: 'kept', why: 'the operating companies; no member data' },
  sites: { how: 'kept', why: 'site settings; no member data' },
  app_secrets: { how: 'kept', why: 'server keys; no member data' },
  credit_packages: { how: 'kept', why: 'price list; no member data' },
  page_events: { how: 'kept', why: 'site, kind and path of a page bounce; no member, session or address' },
  sandbox_payments: {
    how: 'kept',
    why: "the sandbox plays the external payment service: these are the provider's records, with our ids only",
  },
  sandbox_mandates: { how: 'kept', why: "the sandbox payment service's test cards and mandates (provider side)" },
  banned_sessions: {
    how: 'kept',
    why:
      "a banned member's ended sessions (the hash of the cookie and the account id only), so that browser is shown " +
      'the ban page once; a banned account is not erased on request while the ban holds',
  },
  banned_emails: {
    how: 'kept',
    why:
      'a banned address may not sign up again on that site (the terms and the ban page promise it); the normalized ' +
      'address, the reason category and when only',
  },
  staff: { how: 'kept', why: 'operator staff accounts; no member data' },
  staff_sites: { how: 'kept', why: "staff members' site limits; no member data" },
  staff_sessions: { how: 'kept', why: 'console sessions of staff; no member data' },
  staff_recovery_codes: { how: 'kept', why: "hashes of staff members' recovery codes; no member data" },
  audit_log: {
    how: 'kept',
    why:
      'accountability for staff actions (who did what to which account, DSA Art. 17 decisions): the account id and ' +
      "the changed settings only, never the member's email, name or texts",
  },
  host_inbox: {
    how: 'purged',
    refs: { profile: ['member_profile_id'] },
    why: "the member's conversations waiting for a host: nobody answers a deleted member",
  },
  host_leases: { how: 'kept', why: "a host's few-minute claim on a conversation: ids and a time only" },
};
