import fs from 'node:fs/promises';
import path from 'node:path';
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountChangesApi, accountsApi } from '#common/wire/accounts.ts';
import { chatApi } from '#common/wire/chat.ts';
import { likesApi } from '#common/wire/likes.ts';
import { notificationsApi } from '#common/wire/notifications.ts';
import { paymentsApi } from '#common/wire/payments.ts';
import { profilesApi } from '#common/wire/profiles.ts';
import { reportsApi } from '#common/wire/reports.ts';
import * as schema from '#server/db/schema/index.ts';
import { activeMember, photoForm, type TTestMember } from '#server/test/factories.ts';
import { asMember, asVisitor } from '#server/test/member-client.ts';
import { testSubscription } from '#server/test/push-service.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { exportPath } from '../privacy/data-export.service.ts';
import { ERASURE_PLAN } from './erasure-plan.ts';

let t: TTestApp;
let clock = new Date('2026-11-22T10:00:00Z');
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const PHONE = '0612345678';
const NAME = 'Zephyrine_Quillfeather';
/** What the other member wrote to the purged one: their own words, which stay. */
const OTHER_TEXT = 'Which city are you in?';

const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await t.services.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** Every table of the Drizzle schema, by name. */
const schemaTables = (): string[] =>
  (Object.values(schema) as unknown[]).flatMap((v) => (is(v, PgTable) ? [getTableName(v)] : []));

/** Every file under a folder, recursively (paths relative to it). */
async function walk(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/**
 * A member with everything a member leaves behind: a profile photo, chat texts and photos both ways, likes both ways,
 * a block, a swipe pass, reports both ways, a complaint, a payment, login attempts, dev mailbox rows, a consent, a data
 * export (row and file) and a pending email job; then deleted and purged 14 days later.
 */
async function memberWithHistory() {
  const member = await activeMember(t, { name: NAME }, { credits: 500 });
  const other = await activeMember(t, {}, { credits: 500 });
  const third = await activeMember(t);
  const db = t.services.database.db;
  const email = String(member.form.email).toLowerCase();
  /** Expects an answer to succeed; its body says why it did not. */
  const ok = async <R extends { status: number; body: unknown }>(res: Promise<R>) => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    return r;
  };
  /** Uploads a file (multipart, as the browser sends it): the raw answer, which must succeed. */
  const uploaded = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBeLessThan(300);
    return r;
  };
  const chatPhoto = async (from: TTestMember, to: TTestMember) => {
    const form = await photoForm({ profile_id: to.user.profile.id });
    const res = await uploaded(
      t.app.inject({ method: 'POST', url: '/api/chat-photo.php', cookies: from.cookie, ...form }),
    );
    return chatApi.sendPhoto.response.parse(JSON.parse(res.body)).message.photo!.filename;
  };
  const as = (m: TTestMember) => asMember(t.app, m.cookie);
  await uploaded(
    t.app.inject({ method: 'POST', url: '/api/photos.php', cookies: member.cookie, ...(await photoForm()) }),
  );
  await ok(as(member).call(chatApi.send, { profile_id: other.user.profile.id, text: `my phone is ${PHONE}` }));
  await ok(as(other).call(chatApi.send, { profile_id: member.user.profile.id, text: OTHER_TEXT }));
  // A message to a fictional profile waits in the hosts' inbox.
  const [fictional] = await db
    .insert(schema.profiles)
    .values({
      name: 'Fiction',
      gender: 'female',
      birthDate: '1990-01-01',
      country: 'NL',
      locale: 'nl',
      isFictional: true,
    })
    .returning({ id: schema.profiles.id });
  await ok(as(member).call(chatApi.send, { profile_id: fictional.id, text: 'Hello' }));
  const photoUrl = await chatPhoto(member, other);
  const otherPhotoUrl = await chatPhoto(other, member);
  await ok(as(member).call(likesApi.like, { profile_id: other.user.profile.id }));
  await ok(as(other).call(likesApi.like, { profile_id: member.user.profile.id }));
  await ok(as(member).call(likesApi.swipe, { profile_id: third.user.profile.id, action: 'pass' }));
  await ok(as(member).call(reportsApi.report, { profile_id: third.user.profile.id, reason: 'fake_profile' }));
  await ok(as(third).call(reportsApi.report, { profile_id: member.user.profile.id, reason: 'harassment' }));
  await ok(as(member).call(profilesApi.block, { profile_id: third.user.profile.id }));
  await ok(
    as(member).call(reportsApi.complaint, {
      name: NAME,
      email,
      topic: 'billing',
      message: `Call me back on ${PHONE}, please.`,
    }),
  );
  const inGermany = asMember(t.app, { ...member.cookie, country: 'DE' });
  const packs = await inGermany.call(paymentsApi.offer);
  await ok(inGermany.call(paymentsApi.start, { package_id: packs.body.packages[0].id, payment_method: 'creditcard' }));
  const visitor = asVisitor(t.app);
  expect((await visitor.call(accountsApi.login, { email, password: 'not the password' })).status).toBe(401);
  await ok(visitor.call(accountsApi.login, { email, password: member.form.password }));
  await db.insert(schema.consents).values({
    userId: member.user.id,
    kind: 'terms',
    version: '2026-11',
    locale: 'en',
    ipPrefix: '203.0.113.0/24',
  });
  // Notifications: a changed switch, a browser's push subscription, what was sent, a bounce report.
  await ok(as(member).call(notificationsApi.set, { kind: 'news', channel: 'email', enabled: true }));
  const browser = testSubscription(`https://push.example/${member.user.id}`);
  await ok(as(member).call(notificationsApi.subscribePush, { endpoint: browser.endpoint, keys: browser.keys }));
  await db
    .insert(schema.notificationSends)
    .values({ userId: member.user.id, kind: 'like', channel: 'email', eventKey: 'like:1' });
  await db.insert(schema.emailFeedback).values({ userId: member.user.id, type: 'soft_bounce', detail: { email } });
  const exportKey = 'a'.repeat(32);
  await fs.mkdir(path.dirname(exportPath(t.config.dataDir, exportKey)), { recursive: true });
  await fs.writeFile(exportPath(t.config.dataDir, exportKey), `${NAME} ${PHONE}`);
  await db.insert(schema.dataExports).values({ userId: member.user.id, status: 'ready', fileKey: exportKey });
  await db.insert(schema.jobs).values({
    kind: 'send_mail',
    payload: { to: email, kind: 'reset', vars: { name: NAME } },
    runAt: new Date(clock.getTime() + 365 * 86_400_000),
  });
  return { member, other, third, email, photoUrl, otherPhotoUrl, exportKey };
}

/** The file keys a member's rows point at: profile photos and the chat photos they sent. */
async function fileKeysOf(profileId: number): Promise<string[]> {
  const found = await rows<{ key: string | null }>(sql`
    select file_key as key from photos where profile_id = ${profileId}
    union all select censored_key from photos where profile_id = ${profileId}
    union all select attachment_key from messages where sender_profile_id = ${profileId}`);
  return found.flatMap((r) => (r.key ? [r.key] : []));
}

/** Rows of a purged table that still name the member by a column of ERASURE_PLAN. */
async function referencingRows(
  table: string,
  refs: { user?: string[]; profile?: string[]; email?: string[] },
  who: {
    userId: number;
    profileId: number;
    email: string;
  },
) {
  const conditions = [
    ...(refs.user ?? []).map((c) => `${quote(c)} = ${Number(who.userId)}`),
    ...(refs.profile ?? []).map((c) => `${quote(c)} = ${Number(who.profileId)}`),
    ...(refs.email ?? []).map((c) => `lower(${quote(c)}) = '${who.email.replace(/'/g, "''")}'`),
  ];
  const [row] = await rows<{ n: number }>(
    sql.raw(`select count(*)::int as n from ${quote(table)} where ${conditions.join(' or ')}`),
  );
  return row.n;
}

/** Every text, JSON and array column of every table holding `needle` (case-insensitive), as table.column (n rows). */
async function whereMentioned(needle: string): Promise<string[]> {
  const columns = await rows<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema()
      and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
    order by table_name, column_name`);
  const tables = new Set(schemaTables());
  const hits: string[] = [];
  for (const c of columns) {
    if (!tables.has(c.table_name)) continue;
    const [row] = await rows<{ n: number }>(
      sql.raw(
        `select count(*)::int as n from ${quote(c.table_name)}
         where position('${needle.toLowerCase().replace(/'/g, "''")}' in lower(${quote(c.column_name)}::text)) > 0`,
      ),
    );
    if (row.n > 0) hits.push(`${c.table_name}.${c.column_name} (${row.n})`);
  }
  return hits;
}

async function deleteAndPurge(m: TTestMember) {
  const del = await asMember(t.app, m.cookie).call(accountChangesApi.deleteAccount, {
    password: m.form.password,
    reason: 'found_partner',
  });
  expect(del.status).toBe(204);
  const saved = clock;
  clock = new Date(saved.getTime() + 14 * 86_400_000 + 60_000);
  try {
    await t.services.runJobs();
  } finally {
    clock = saved;
  }
}

describe('erasure that erases (GDPR Art. 17)', () => {
  it('places every table of the schema in the erasure plan: purged, anonymized or kept with a reason', () => {
    const tables = schemaTables();
    expect(tables.length).toBeGreaterThan(25);
    const missing = tables.filter((name) => !(name in ERASURE_PLAN));
    expect(missing, 'tables missing from ERASURE_PLAN (erasure-plan.ts)').toEqual([]);
    expect(Object.keys(ERASURE_PLAN).filter((name) => !tables.includes(name))).toEqual([]);
    const columnsOf = new Map(
      (Object.values(schema) as unknown[]).flatMap((v) =>
        is(v, PgTable) ? [[getTableName(v), Object.values(getTableColumns(v)).map((c) => c.name)] as const] : [],
      ),
    );
    for (const [name, plan] of Object.entries(ERASURE_PLAN)) {
      expect(plan.why.length, name).toBeGreaterThan(3);
      // The plan names real columns only (a renamed column must be renamed here too).
      const named =
        plan.how === 'purged' ? Object.values(plan.refs).flat() : plan.how === 'anonymized' ? plan.columns : [];
      for (const column of named) expect(columnsOf.get(name), `${name}.${column}`).toContain(column);
      if (plan.how === 'purged') expect(Object.values(plan.refs).flat().length, name).toBeGreaterThan(0);
      if (plan.how === 'anonymized') expect(plan.columns.length, name).toBeGreaterThan(0);
    }
  });

  it("leaves no trace of the member in any table or file; the other member sees Deleted member, the member's messages removed and their own kept", async () => {
    const { member, other, email, photoUrl, otherPhotoUrl, exportKey } = await memberWithHistory();
    const who = { userId: member.user.id, profileId: member.user.profile.id, email };
    const dataDir = t.config.dataDir;
    const keys = await fileKeysOf(who.profileId);
    expect(keys.length).toBe(3); // profile photo (full + blurred), the chat photo they sent
    expect((await t.app.inject({ url: photoUrl.replace(/^https?:\/\/[^/]+/, '') })).statusCode).toBe(200);

    // Before: the member is in every purged table this history fills, and every needle is somewhere.
    const notFilled = new Set(['direct_debit_requests']);
    for (const [table, plan] of Object.entries(ERASURE_PLAN)) {
      if (plan.how !== 'purged' || notFilled.has(table)) continue;
      expect(await referencingRows(table, plan.refs, who), `${table} before`).toBeGreaterThan(0);
    }
    for (const needle of [PHONE, email, NAME]) expect(await whereMentioned(needle)).not.toEqual([]);

    await deleteAndPurge(member);

    for (const [table, plan] of Object.entries(ERASURE_PLAN)) {
      if (plan.how === 'purged') expect(await referencingRows(table, plan.refs, who), `${table} after`).toBe(0);
    }
    for (const needle of [PHONE, email, NAME]) expect(await whereMentioned(needle), needle).toEqual([]);

    const [user] = await rows(sql`select * from users where id = ${who.userId}`);
    expect(user).toMatchObject({
      status: 'purged',
      email: `purged-${who.userId}@invalid`,
      password_hash: '!',
      tracking: {},
      delete_reason: null,
      signup_message: null,
      last_login_at: null,
    });
    const [profile] = await rows(sql`select * from profiles where id = ${who.profileId}`);
    expect(profile).toMatchObject({
      name: '',
      gender: '',
      sexuality: null,
      show_sexuality: false,
      about_me: '',
      city: '',
      lat: null,
      status: 'purged',
      interests: [],
    });
    expect(String(profile.birth_date)).toMatch(/^1900-01-01/);
    const [consent] = await rows(sql`select * from consents where user_id = ${who.userId}`);
    expect(consent).toMatchObject({ ip_prefix: null });
    expect(consent.withdrawn_at).not.toBeNull();
    // Kept for tax law: the payment, with no name, email or IP in it.
    expect(await rows(sql`select id from payments where user_id = ${who.userId}`)).toHaveLength(1);

    // No file of the member under DATA_DIR, and their chat photo's URL answers 404.
    const files = await walk(dataDir);
    expect(files.filter((f) => keys.some((k) => f.includes(k)) || f.includes(exportKey))).toEqual([]);
    expect((await t.app.inject({ url: photoUrl.replace(/^https?:\/\/[^/]+/, '') })).statusCode).toBe(404);
    expect((await t.app.inject({ url: otherPhotoUrl.replace(/^https?:\/\/[^/]+/, '') })).statusCode).toBe(200);

    // The other member: the conversation stays, with 'Deleted member' (empty name), the member's messages removed and
    // their own as they wrote them.
    const asOther = asMember(t.app, other.cookie);
    const chats = (await asOther.call(chatApi.list)).body;
    const chat = chats.find((c) => c.profile.id === who.profileId)!;
    expect(chat.profile).toMatchObject({ name: '', main_image: null });
    const page = (await asOther.call(chatApi.page, { conversation_id: chat.conversation.id })).body;
    expect(page.messages).toHaveLength(4);
    const received = page.messages.filter((m) => !m.from_me);
    expect(received).toHaveLength(2);
    for (const m of received) expect(m).toMatchObject({ kind: 'removed', text: '', photo: null, gift: null });
    const sent = page.messages.filter((m) => m.from_me);
    expect(sent.map((m) => [m.kind, m.text])).toEqual([
      ['text', OTHER_TEXT],
      ['photo', ''],
    ]);
    expect(sent[1].photo?.filename).toBe(otherPhotoUrl);
    // Nothing can be sent to a purged member.
    const send = await asOther.call(chatApi.send, { profile_id: who.profileId, text: 'hello?' });
    expect(send.status).toBeGreaterThanOrEqual(400);
  });
});
