import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '#common/routes.ts';
import { blocks, likes, payments, photos, profiles, reports, users } from '../db/schema/index.ts';
import { activeMember, CLIENT, photoForm } from './factories.ts';
import { testSubscription } from './push-service.ts';
import { buildTestApp, type TTestApp } from './test-app.ts';

// Every endpoint that names an id must check that the caller may see or change it. The first test lists
// the routes whose params, query or body carry an id-like field; each must have an attack below, so a new endpoint
// cannot slip in unchecked.

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ web: true });
});
afterAll(async () => {
  await t.close();
});

/** Field names that name something the caller may not own or see. */
const ID_FIELD = /(^id$|_id$|_ids$|^order$)/;

/** Keys of a zod object schema (zod 4 keeps `.shape` on refined objects), or of route params in the URL. */
function idFields(route: { url: string; schema?: Record<string, unknown> }): string[] {
  const fields = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  for (const part of ['body', 'querystring', 'params'] as const) {
    const shape = (route.schema?.[part] as { shape?: Record<string, unknown> } | undefined)?.shape;
    if (shape) fields.push(...Object.keys(shape));
  }
  return [...new Set(fields.filter((f) => ID_FIELD.test(f)))];
}

/** Routes that take an id on purpose without an owner: the reason is the check. */
const NOT_OWNED: Record<string, string> = {
  'GET /dev/mailbox/:id': 'development mailbox; registered only outside production (see app.ts)',
  'GET /sandbox/checkout/:id':
    'the sandbox provider’s hosted checkout: an unguessable provider id (96 bits), like a payment service’s page',
  'POST /sandbox/checkout/:id':
    'the sandbox provider’s checkout choice: the id is the capability; our payment only follows what the provider reports',
  'POST /webhooks/payment':
    'the payment provider names its own payment id; the status is fetched from the provider, never taken from the call',
};

/** Page routes (web/routes.ts) that take an id; each is attacked in the profile pages test below. */
const CHECKED_PAGES = [
  'members/:id',
  'likes/m/:id',
  'members/:id/landing',
  'members/:id/landing2/:slug?',
  'members/:id/landing3/:slug?',
  'members/:id/signup',
  'members/:id/chat',
  'chats/:id',
  'credits/:id/:paymentmethod?',
  'transactions/:id?',
];

const CHECKED = [
  'POST /api/block.php',
  'DELETE /api/block.php',
  'PATCH /api/photos.php',
  'DELETE /api/photos.php',
  'POST /api/report.php',
  'POST /api/like.php',
  'DELETE /api/like.php',
  'POST /api/swipe.php',
  'GET /api/chat.php',
  'POST /api/chat.php',
  'DELETE /api/chat.php',
  'POST /api/chat-photo.php',
  'POST /api/payment.php',
  'GET /api/payment.php',
  'POST /api/repeat-order.php',
  'DELETE /api/repeat-order.php',
  'POST /api/directdebit.php',
  'POST /api/directdebit-confirm.php',
  'GET /api/data-export-download.php',
  'DELETE /api/sessions.php',
];

/** Multipart routes name their ids in form fields, which no schema lists: each is checked here all the same. */
const MULTIPART_WITH_ID = ['POST /api/chat-photo.php'];

async function uploadTo(
  cookie: Record<string, string>,
  to: { url: string; profileId: number; status: number } = { url: '/api/photos.php', profileId: 0, status: 201 },
): Promise<string> {
  const form = await photoForm(to.profileId ? { profile_id: to.profileId } : {});
  const res = await t.app.inject({ method: 'POST', url: to.url, cookies: cookie, ...form });
  expect(res.statusCode).toBe(to.status);
  return to.status === 201 ? res.json().photos.at(-1).id : res.json().error;
}

/** A member in Germany who started buying the first bundle, and another member. */
async function germanPurchase() {
  const owner = await activeMember(t);
  const eve = await activeMember(t);
  const de = { ...owner.cookie, country: 'DE' };
  const pack = (await t.app.inject({ url: '/api/packages.php', headers: CLIENT, cookies: de })).json().packages[0];
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/payment.php',
    headers: CLIENT,
    cookies: de,
    payload: { package_id: pack.id, payment_method: 'creditcard' },
  });
  return { owner, eve, de, pack, started };
}

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: Record<string, string>, payload: object) =>
  t.app.inject({ method, url, headers: CLIENT, cookies: cookie, payload });

describe('access checks on every id-taking endpoint', () => {
  it('lists every route that takes an id, and each one has a check here', () => {
    const taking = t.app.routeCatalog
      .filter((r) => r.method !== 'HEAD' && idFields(r as never).length > 0)
      .map((r) => `${r.method} ${r.url}`);
    expect(taking.length).toBeGreaterThan(4);
    const multipart = t.app.routeCatalog
      .filter((r) =>
        ((r.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes('multipart/form-data'),
      )
      .map((r) => `${r.method} ${r.url}`);
    // Photo uploads to one's own profile name no id; any other multipart route must be listed as taking one.
    expect(multipart.filter((key) => key !== 'POST /api/photos.php').sort()).toEqual([...MULTIPART_WITH_ID].sort());
    taking.push(...MULTIPART_WITH_ID);
    const unchecked = taking.filter((key) => !CHECKED.includes(key) && !(key in NOT_OWNED));
    expect(unchecked, 'endpoints taking an id without an access check in this file').toEqual([]);
    // And every check still names a live route.
    for (const key of CHECKED) expect(taking).toContain(key);
  });

  it('POST/DELETE /api/block.php: no block on oneself or unknown members; only the blocker can unblock', async () => {
    const a = await activeMember(t);
    const b = await activeMember(t);
    expect((await call('POST', '/api/block.php', a.cookie, { profile_id: a.user.profile.id })).statusCode).toBe(400);
    expect((await call('POST', '/api/block.php', a.cookie, { profile_id: 99_999_999 })).statusCode).toBe(404);
    await call('POST', '/api/block.php', a.cookie, { profile_id: b.user.profile.id });
    // b cannot lift a's block by naming a.
    await call('DELETE', '/api/block.php', b.cookie, { profile_id: a.user.profile.id });
    const rows = await t.services.database.db
      .select()
      .from(blocks)
      .where(eq(blocks.blockerProfileId, a.user.profile.id));
    expect(rows).toHaveLength(1);
    expect((await call('POST', '/api/block.php', {}, { profile_id: b.user.profile.id })).statusCode).toBe(403);
  });

  it('PATCH/DELETE /api/photos.php: another member’s photo ids are not found and stay untouched', async () => {
    const owner = await activeMember(t);
    const intruder = await activeMember(t);
    const theirs = await uploadTo(owner.cookie);
    const mine = await uploadTo(intruder.cookie);
    for (const [method, payload] of [
      ['PATCH', { main_photo_id: theirs }],
      ['PATCH', { order: [theirs, mine] }],
      ['PATCH', { order: [theirs] }],
      ['DELETE', { photo_id: theirs }],
    ] as const) {
      const res = await call(method, '/api/photos.php', intruder.cookie, payload);
      expect(res.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(404);
      expect(res.json().error).toBe('photo_not_found');
    }
    const [row] = await t.services.database.db.select().from(photos).where(eq(photos.id, theirs));
    expect(row).toMatchObject({ profileId: owner.user.profile.id, isMain: true });
    expect((await call('DELETE', '/api/photos.php', {}, { photo_id: theirs })).statusCode).toBe(403);
  });

  it('POST /api/report.php: hidden and unknown profiles, and photos of someone else, are refused', async () => {
    const reporter = await activeMember(t);
    const target = await activeMember(t);
    const other = await activeMember(t);
    const otherPhoto = await uploadTo(other.cookie);
    const hidden = await activeMember(t);
    await t.services.database.db
      .update(profiles)
      .set({ invisible: true })
      .where(eq(profiles.id, hidden.user.profile.id));
    for (const payload of [
      { profile_id: 99_999_999, reason: 'fake_profile' },
      { profile_id: hidden.user.profile.id, reason: 'fake_profile' },
      { profile_id: target.user.profile.id, photo_id: otherPhoto, reason: 'inappropriate_photo' },
    ]) {
      const res = await call('POST', '/api/report.php', reporter.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
    }
    const stored = await t.services.database.db
      .select()
      .from(reports)
      .where(eq(reports.reporterProfileId, reporter.user.profile.id));
    expect(stored).toEqual([]);
  });

  it('POST/DELETE /api/like.php and POST /api/swipe.php: hidden, blocked and unknown members cannot be liked; unliking touches only one’s own like', async () => {
    const a = await activeMember(t);
    const b = await activeMember(t);
    const hidden = await activeMember(t);
    await t.services.database.db
      .update(profiles)
      .set({ invisible: true })
      .where(eq(profiles.id, hidden.user.profile.id));
    const blocker = await activeMember(t);
    await call('POST', '/api/block.php', blocker.cookie, { profile_id: a.user.profile.id });
    for (const id of [hidden.user.profile.id, blocker.user.profile.id, 99_999_999]) {
      expect((await call('POST', '/api/like.php', a.cookie, { profile_id: id })).statusCode).toBe(404);
      for (const action of ['like', 'pass']) {
        expect((await call('POST', '/api/swipe.php', a.cookie, { profile_id: id, action })).statusCode).toBe(404);
      }
    }
    // b likes a; a "unliking" b removes nothing of b's.
    await call('POST', '/api/like.php', b.cookie, { profile_id: a.user.profile.id });
    await call('DELETE', '/api/like.php', a.cookie, { profile_id: b.user.profile.id });
    const rows = await t.services.database.db.select().from(likes).where(eq(likes.likerProfileId, b.user.profile.id));
    expect(rows).toHaveLength(1);
  });

  it('GET/POST/DELETE /api/chat.php: another member’s conversation is not found; blocked and hidden members cannot be messaged', async () => {
    const a = await activeMember(t);
    const b = await activeMember(t);
    const eve = await activeMember(t);
    await t.services.database.db.update(users).set({ credits: 100 }).where(eq(users.id, a.user.id));
    await t.services.database.db.update(users).set({ credits: 100 }).where(eq(users.id, eve.user.id));
    const sent = await call('POST', '/api/chat.php', a.cookie, { profile_id: b.user.profile.id, text: 'Hi' });
    const id = sent.json().message.conversation_id;
    const peek = await t.app.inject({
      url: `/api/chat.php?conversation_id=${id}`,
      headers: CLIENT,
      cookies: eve.cookie,
    });
    expect(peek.statusCode).toBe(404);
    expect((await call('DELETE', '/api/chat.php', eve.cookie, { conversation_id: id })).statusCode).toBe(404);
    const blocker = await activeMember(t);
    await call('POST', '/api/block.php', blocker.cookie, { profile_id: eve.user.profile.id });
    const hidden = await activeMember(t);
    await t.services.database.db
      .update(profiles)
      .set({ invisible: true })
      .where(eq(profiles.id, hidden.user.profile.id));
    for (const target of [blocker, hidden]) {
      const res = await call('POST', '/api/chat.php', eve.cookie, { profile_id: target.user.profile.id, text: 'Hi' });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.services.database.db.select().from(users).where(eq(users.id, eve.user.id)))[0].credits).toBe(100);
  });

  it('POST /api/chat.php with photo_id and POST /api/chat-photo.php: only one’s own photos, only to visible members', async () => {
    const owner = await activeMember(t);
    const eve = await activeMember(t);
    const b = await activeMember(t);
    await t.services.database.db.update(users).set({ credits: 100 }).where(eq(users.id, eve.user.id));
    const theirs = await uploadTo(owner.cookie);
    const res = await call('POST', '/api/chat.php', eve.cookie, { profile_id: b.user.profile.id, photo_id: theirs });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('photo_not_found');
    const blocker = await activeMember(t);
    await call('POST', '/api/block.php', blocker.cookie, { profile_id: eve.user.profile.id });
    for (const target of [blocker.user.profile.id, 99_999_999]) {
      const upload = await uploadTo(eve.cookie, { url: '/api/chat-photo.php', profileId: target, status: 404 });
      expect(upload).toBe('profile_not_found');
    }
    expect((await t.services.database.db.select().from(users).where(eq(users.id, eve.user.id)))[0].credits).toBe(100);
  });

  it('POST/GET /api/payment.php: only bundles of one’s site and country; another member’s payment is not found', async () => {
    const { eve, pack, started } = await germanPurchase();
    const peek = await t.app.inject({
      url: `/api/payment.php?payment_id=${started.json().payment_id}`,
      headers: CLIENT,
      cookies: eve.cookie,
    });
    expect(peek.statusCode).toBe(404);
    // A German bundle bought from Poland is not offered there.
    const fromPoland = await t.app.inject({
      method: 'POST',
      url: '/api/payment.php',
      headers: CLIENT,
      cookies: { ...eve.cookie, country: 'PL' },
      payload: { package_id: pack.id, payment_method: 'creditcard' },
    });
    expect(fromPoland.statusCode).toBe(404);
  });

  it('repeat order and direct debit: only one’s own card, request and bundles of one’s country', async () => {
    const owner = await activeMember(t);
    const eve = await activeMember(t);
    const nl = (cookie: Record<string, string>) => ({ ...cookie, country: 'NL' });
    const pack = (await t.app.inject({ url: '/api/packages.php', headers: CLIENT, cookies: nl(owner.cookie) })).json()
      .packages[0];
    // The owner keeps a card with a first payment.
    const first = await call('POST', '/api/payment.php', nl(owner.cookie), {
      package_id: pack.id,
      payment_method: 'creditcard',
      remember_card: true,
    });
    const [row] = await t.services.database.db.select().from(payments).where(eq(payments.id, first.json().payment_id));
    await t.services.sandbox.settle(row.providerPaymentId!, 'paid');
    await t.services.paymentWebhook.applyProviderReport(row.providerPaymentId!);
    const card = (
      await t.app.inject({ url: '/api/repeat-order.php', headers: CLIENT, cookies: nl(owner.cookie) })
    ).json().card;
    expect(card).not.toBeNull();
    // Eve can neither see, forget nor charge it.
    expect(
      (await t.app.inject({ url: '/api/repeat-order.php', headers: CLIENT, cookies: nl(eve.cookie) })).json().card,
    ).toBeNull();
    const forget = await t.app.inject({
      method: 'DELETE',
      url: `/api/repeat-order.php?card_id=${card.id}`,
      headers: CLIENT,
      cookies: eve.cookie,
    });
    expect(forget.statusCode).toBe(404);
    expect((await call('POST', '/api/repeat-order.php', nl(eve.cookie), { package_id: pack.id })).statusCode).toBe(404);
    // A Dutch bundle from Poland is not offered, by repeat order or direct debit.
    const pl = { ...owner.cookie, country: 'PL' };
    expect((await call('POST', '/api/repeat-order.php', pl, { package_id: pack.id })).statusCode).toBe(404);
    const form = {
      account_holder: 'Jan Jansen',
      iban: 'NL91ABNA0417164300',
      street: 'Damrak',
      house_number: '1',
      zip: '1012 JS',
      city: 'Amsterdam',
      phone: '+31612345678',
      consent: true,
    };
    expect((await call('POST', '/api/directdebit.php', pl, { package_id: pack.id, ...form })).statusCode).toBe(400);
    const be = { ...owner.cookie, country: 'BE' };
    expect((await call('POST', '/api/directdebit.php', be, { package_id: pack.id, ...form })).statusCode).toBe(404);
    // Eve cannot confirm the owner's direct debit request, even with the right code.
    const requested = await call('POST', '/api/directdebit.php', nl(owner.cookie), { package_id: pack.id, ...form });
    expect(requested.statusCode).toBe(200);
    const confirm = await call('POST', '/api/directdebit-confirm.php', nl(eve.cookie), {
      request_id: requested.json().request_id,
      otp: '123456',
    });
    expect(confirm.statusCode).toBe(404);
  });

  it('credits and transaction pages: only bundles of one’s country, only one’s own payments, members only', async () => {
    const { eve, de, pack, started } = await germanPurchase();
    const page = (path: string, cookies: Record<string, string>) =>
      t.app.inject({ url: path, headers: { host: 'localhost' }, cookies });
    expect((await page(`/credits/${pack.id}/creditcard`, de)).statusCode).toBe(200);
    expect((await page(`/credits/${pack.id}`, { ...eve.cookie, country: 'PL' })).statusCode).toBe(404);
    expect((await page('/credits/99999', de)).statusCode).toBe(404);
    expect((await page(`/transactions/${started.json().payment_id}`, de)).statusCode).toBe(200);
    expect((await page(`/transactions/${started.json().payment_id}`, eve.cookie)).statusCode).toBe(404);
    expect((await page('/transactions/not-a-payment', de)).statusCode).toBe(404);
    const visitor = await page(`/transactions/${started.json().payment_id}`, {});
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toMatch(/^\/login\?redirect=/);
  });

  it('GET /api/data-export-download.php: another member’s archive is not found, a visitor must log in', async () => {
    const owner = await activeMember(t);
    const eve = await activeMember(t);
    const id = (await call('POST', '/api/data-export.php', owner.cookie, {})).json().export.id;
    const get = (cookie: Record<string, string>, exportId: number) =>
      t.app.inject({ url: `/api/data-export-download.php?id=${exportId}`, headers: CLIENT, cookies: cookie });
    expect((await get(owner.cookie, id)).statusCode).toBe(200);
    expect((await get(eve.cookie, id)).statusCode).toBe(404);
    expect((await get({}, id)).statusCode).toBe(403);
  });

  it('DELETE /api/sessions.php: another member’s session id is not found and stays alive, a visitor must log in', async () => {
    const owner = await activeMember(t);
    const eve = await activeMember(t);
    const list = await t.app.inject({ url: '/api/sessions.php', headers: CLIENT, cookies: owner.cookie });
    const id = (list.json() as { sessions: { id: string }[] }).sessions[0].id;
    const end = (cookie: Record<string, string>) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/sessions.php?id=${encodeURIComponent(id)}`,
        headers: CLIENT,
        cookies: cookie,
      });
    expect((await end(eve.cookie)).statusCode).toBe(404);
    expect((await end({})).statusCode).toBe(403);
    // The owner's session survived both attempts.
    expect((await t.app.inject({ url: '/api/user.php', headers: CLIENT, cookies: owner.cookie })).statusCode).toBe(200);
  });

  it('POST/DELETE /api/user.php?push=1: a member cannot delete another member’s push subscription', async () => {
    // Not in CHECKED: the endpoint URL is no id field, but it names another member's device all the same.
    const owner = await activeMember(t);
    const eve = await activeMember(t);
    const sub = testSubscription('https://push.example/send/owner-device');
    const push = (method: 'POST' | 'DELETE', cookie: Record<string, string>, payload: object) =>
      call(method, '/api/user.php?push=1', cookie, payload);
    expect((await push('POST', owner.cookie, { endpoint: sub.endpoint, keys: sub.keys })).statusCode).toBe(200);
    expect((await push('DELETE', eve.cookie, { endpoint: sub.endpoint })).statusCode).toBe(200);
    expect((await push('DELETE', {}, { endpoint: sub.endpoint })).statusCode).toBe(403);
    expect((await push('POST', {}, { endpoint: sub.endpoint, keys: sub.keys })).statusCode).toBe(403);
    expect(await t.services.push.devices(owner.user.id)).toBe(1);
    expect(await t.services.push.devices(eve.user.id)).toBe(0);
  });

  it('every page route that takes an id has a check here', async () => {
    const withId = Object.values(PAGE_ROUTES)
      .filter((p) => p.includes(':id'))
      .map((p) => p.slice(1));
    expect(withId.sort()).toEqual([...CHECKED_PAGES].sort());
  });

  it('profile pages: hidden and unknown members are 404, a blocker’s profile is 403 for the blocked member', async () => {
    const viewer = await activeMember(t);
    const hidden = await activeMember(t);
    await t.services.database.db
      .update(profiles)
      .set({ invisible: true })
      .where(eq(profiles.id, hidden.user.profile.id));
    const blocker = await activeMember(t);
    await call('POST', '/api/block.php', blocker.cookie, { profile_id: viewer.user.profile.id });
    const page = (id: number | string, suffix = '') =>
      t.app.inject({ url: `/members/${id}${suffix}`, headers: { host: 'localhost' }, cookies: viewer.cookie });
    expect((await page(hidden.user.profile.id)).statusCode).toBe(404);
    expect((await page(99_999_999)).statusCode).toBe(404);
    expect((await page('abc')).statusCode).toBe(404);
    expect((await page(blocker.user.profile.id)).statusCode).toBe(403);
    expect((await page(hidden.user.profile.id, '/landing')).statusCode).toBe(404);
    expect((await page(hidden.user.profile.id, '/landing2')).statusCode).toBe(404);
    expect((await page(hidden.user.profile.id, '/landing3/x')).statusCode).toBe(404);
    expect((await page(99_999_999, '/signup')).statusCode).toBe(404);

    expect((await page(hidden.user.profile.id, '/chat')).statusCode).toBe(404);
    expect((await page(blocker.user.profile.id, '/chat')).statusCode).toBe(404);
    const anonymousChat = await t.app.inject({
      url: `/members/${blocker.user.profile.id}/chat`,
      headers: { host: 'localhost' },
    });
    expect(anonymousChat.statusCode).toBe(302);
    expect(anonymousChat.headers.location).toBe(`/members/${blocker.user.profile.id}/signup`);
    // Someone else's conversation page is not found.
    const other = await activeMember(t);
    await t.services.database.db.update(users).set({ credits: 50 }).where(eq(users.id, other.user.id));
    const partner = await activeMember(t);
    const sent = await call('POST', '/api/chat.php', other.cookie, { profile_id: partner.user.profile.id, text: 'Hi' });
    const chatPage = await t.app.inject({
      url: `/chats/${sent.json().message.conversation_id}`,
      headers: { host: 'localhost' },
      cookies: viewer.cookie,
    });
    expect(chatPage.statusCode).toBe(404);

    // The same screen from the likes overview: members only, and the same rules.
    const likes = (id: number, cookie?: Record<string, string>) =>
      t.app.inject({ url: `/likes/m/${id}`, headers: { host: 'localhost' }, cookies: cookie });
    const visitor = await likes(blocker.user.profile.id);
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe(
      `/login?redirect=${encodeURIComponent(`/likes/m/${blocker.user.profile.id}`)}`,
    );
    expect((await likes(blocker.user.profile.id, viewer.cookie)).statusCode).toBe(403);
    expect((await likes(hidden.user.profile.id, viewer.cookie)).statusCode).toBe(404);
  });
});
