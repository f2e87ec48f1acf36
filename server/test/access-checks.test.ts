import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '#common/routes.ts';
import { chatApi } from '#common/wire/chat.ts';
import { dataExportApi } from '#common/wire/data-export.ts';
import { likesApi } from '#common/wire/likes.ts';
import { notificationsApi } from '#common/wire/notifications.ts';
import { paymentsApi } from '#common/wire/payments.ts';
import { photosApi } from '#common/wire/photos.ts';
import { profilesApi } from '#common/wire/profiles.ts';
import { reportsApi, type TReportRequest } from '#common/wire/reports.ts';
import { sessionsApi } from '#common/wire/sessions.ts';
import { accountsApi } from '#common/wire/accounts.ts';
import { blocks, likes, payments, photos, profiles, reports, users } from '../db/schema/index.ts';
import { activeMember, photoForm } from './factories.ts';
import { asMember } from './member-client.ts';
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
  'POST /api/admin/sites/create':
    'console: company_id names the operator company; only admins of every site may create a site (console-access.test.ts)',
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
  'POST /api/lander-likes.php',
  'POST /api/match-seen.php',
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
  const pack = (await asMember(t.app, de).call(paymentsApi.offer)).body.packages[0];
  const started = await asMember(t.app, de).call(paymentsApi.start, {
    package_id: pack.id,
    payment_method: 'creditcard',
  });
  return { owner, eve, de, pack, started };
}

/** Blocks a member as another one. */
const block = (cookie: Record<string, string>, profileId: number) =>
  asMember(t.app, cookie).call(profilesApi.block, { profile_id: profileId });

/** Members a and b, a hidden member and one who blocked a: the targets a must never like. */
async function likeTargets() {
  const a = await activeMember(t);
  const b = await activeMember(t);
  const hidden = await activeMember(t);
  await t.services.database.db.update(profiles).set({ invisible: true }).where(eq(profiles.id, hidden.user.profile.id));
  const blocker = await activeMember(t);
  await block(blocker.cookie, a.user.profile.id);
  return { a, b, hidden, blocker };
}

describe('access checks on every id-taking endpoint', () => {
  it('lists every route that takes an id, and each one has a check here', () => {
    const taking = t.app.routeCatalog
      .filter((r) => r.method !== 'HEAD' && idFields(r as never).length > 0)
      .map((r) => `${r.method} ${r.url}`);
    expect(taking.length).toBeGreaterThan(4);
    // Console routes (/api/admin/…) are staff's: roles and sites of every id are checked by console-access.test.ts.
    const multipart = t.app.routeCatalog
      .filter(
        (r) =>
          !r.url.startsWith('/api/admin/') &&
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
    expect((await block(a.cookie, a.user.profile.id)).status).toBe(400);
    expect((await block(a.cookie, 99_999_999)).status).toBe(404);
    await block(a.cookie, b.user.profile.id);
    // b cannot lift a's block by naming a.
    await asMember(t.app, b.cookie).call(profilesApi.unblock, { profile_id: a.user.profile.id });
    const rows = await t.services.database.db
      .select()
      .from(blocks)
      .where(eq(blocks.blockerProfileId, a.user.profile.id));
    expect(rows).toHaveLength(1);
    expect((await block({}, b.user.profile.id)).status).toBe(403);
  });

  it('PATCH/DELETE /api/photos.php: another member’s photo ids are not found and stay untouched', async () => {
    const owner = await activeMember(t);
    const intruder = await activeMember(t);
    const theirs = await uploadTo(owner.cookie);
    const mine = await uploadTo(intruder.cookie);
    const as = asMember(t.app, intruder.cookie);
    for (const [label, attempt] of [
      ['PATCH main_photo_id', () => as.call(photosApi.arrange, { main_photo_id: theirs })],
      ['PATCH order [theirs, mine]', () => as.call(photosApi.arrange, { order: [theirs, mine] })],
      ['PATCH order [theirs]', () => as.call(photosApi.arrange, { order: [theirs] })],
      ['DELETE photo_id', () => as.call(photosApi.remove, { photo_id: theirs })],
    ] as const) {
      const res = await attempt();
      expect(res.status, label).toBe(404);
      expect(res.error?.error).toBe('photo_not_found');
    }
    const [row] = await t.services.database.db.select().from(photos).where(eq(photos.id, theirs));
    expect(row).toMatchObject({ profileId: owner.user.profile.id, isMain: true });
    expect((await asMember(t.app).call(photosApi.remove, { photo_id: theirs })).status).toBe(403);
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
    ] satisfies TReportRequest[]) {
      const res = await asMember(t.app, reporter.cookie).call(reportsApi.report, payload);
      expect(res.status, JSON.stringify(payload)).toBe(404);
    }
    const stored = await t.services.database.db
      .select()
      .from(reports)
      .where(eq(reports.reporterProfileId, reporter.user.profile.id));
    expect(stored).toEqual([]);
  });

  it('POST/DELETE /api/like.php and POST /api/swipe.php: hidden, blocked and unknown members cannot be liked; unliking touches only one’s own like', async () => {
    const { a, b, hidden, blocker } = await likeTargets();
    const asA = asMember(t.app, a.cookie);
    for (const id of [hidden.user.profile.id, blocker.user.profile.id, 99_999_999]) {
      expect((await asA.call(likesApi.like, { profile_id: id })).status).toBe(404);
      for (const action of ['like', 'pass'] as const) {
        expect((await asA.call(likesApi.swipe, { profile_id: id, action })).status).toBe(404);
      }
    }
    // b likes a; a "unliking" b removes nothing of b's.
    await asMember(t.app, b.cookie).call(likesApi.like, { profile_id: a.user.profile.id });
    await asA.call(likesApi.unlike, { profile_id: b.user.profile.id });
    const rows = await t.services.database.db.select().from(likes).where(eq(likes.likerProfileId, b.user.profile.id));
    expect(rows).toHaveLength(1);
  });

  it('POST /api/lander-likes.php and /api/match-seen.php: hidden, blocked and unknown members are never liked; a match is cleared only for oneself', async () => {
    const { a, b, hidden, blocker } = await likeTargets();
    const asA = asMember(t.app, a.cookie);
    const stored = await asA.call(likesApi.landerLikes, {
      profile_ids: [hidden.user.profile.id, blocker.user.profile.id, 99_999_999, a.user.profile.id],
    });
    expect(stored.status).toBe(200);
    expect(stored.body.stored).toBe(0);
    const own = await t.services.database.db.select().from(likes).where(eq(likes.likerProfileId, a.user.profile.id));
    expect(own).toHaveLength(0);
    // b likes a (new for a); a clearing the match with b as someone else changes nothing of a's.
    await asMember(t.app, b.cookie).call(likesApi.like, { profile_id: a.user.profile.id });
    const eve = await activeMember(t);
    await asMember(t.app, eve.cookie).call(likesApi.matchSeen, { profile_id: b.user.profile.id });
    const [bLike] = await t.services.database.db
      .select()
      .from(likes)
      .where(eq(likes.likerProfileId, b.user.profile.id));
    expect(bLike?.isNew).toBe(true);
  });

  it('GET/POST/DELETE /api/chat.php: another member’s conversation is not found; blocked and hidden members cannot be messaged', async () => {
    const a = await activeMember(t);
    const b = await activeMember(t);
    const eve = await activeMember(t);
    await t.services.database.db.update(users).set({ credits: 100 }).where(eq(users.id, a.user.id));
    await t.services.database.db.update(users).set({ credits: 100 }).where(eq(users.id, eve.user.id));
    const sent = await asMember(t.app, a.cookie).call(chatApi.send, { profile_id: b.user.profile.id, text: 'Hi' });
    const id = sent.body.message.conversation_id;
    const asEve = asMember(t.app, eve.cookie);
    const peek = await asEve.call(chatApi.page, { conversation_id: id });
    expect(peek.status).toBe(404);
    expect((await asEve.call(chatApi.remove, { conversation_id: id })).status).toBe(404);
    const blocker = await activeMember(t);
    await block(blocker.cookie, eve.user.profile.id);
    const hidden = await activeMember(t);
    await t.services.database.db
      .update(profiles)
      .set({ invisible: true })
      .where(eq(profiles.id, hidden.user.profile.id));
    for (const target of [blocker, hidden]) {
      const res = await asEve.call(chatApi.send, { profile_id: target.user.profile.id, text: 'Hi' });
      expect(res.status).toBe(404);
    }
    expect((await t.services.database.db.select().from(users).where(eq(users.id, eve.user.id)))[0].credits).toBe(100);
  });

  it('POST /api/chat.php with photo_id and POST /api/chat-photo.php: only one’s own photos, only to visible members', async () => {
    const owner = await activeMember(t);
    const eve = await activeMember(t);
    const b = await activeMember(t);
    await t.services.database.db.update(users).set({ credits: 100 }).where(eq(users.id, eve.user.id));
    const theirs = await uploadTo(owner.cookie);
    const res = await asMember(t.app, eve.cookie).call(chatApi.send, {
      profile_id: b.user.profile.id,
      photo_id: theirs,
    });
    expect(res.status).toBe(404);
    expect(res.error?.error).toBe('photo_not_found');
    const blocker = await activeMember(t);
    await block(blocker.cookie, eve.user.profile.id);
    for (const target of [blocker.user.profile.id, 99_999_999]) {
      const upload = await uploadTo(eve.cookie, { url: '/api/chat-photo.php', profileId: target, status: 404 });
      expect(upload).toBe('profile_not_found');
    }
    expect((await t.services.database.db.select().from(users).where(eq(users.id, eve.user.id)))[0].credits).toBe(100);
  });

  it('POST/GET /api/payment.php: only bundles of one’s site and country; another member’s payment is not found', async () => {
    const { eve, pack, started } = await germanPurchase();
    const peek = await asMember(t.app, eve.cookie).call(paymentsApi.payments, { payment_id: started.body.payment_id });
    expect(peek.status).toBe(404);
    // A German bundle bought from Poland is not offered there.
    const fromPoland = await asMember(t.app, { ...eve.cookie, country: 'PL' }).call(paymentsApi.start, {
      package_id: pack.id,
      payment_method: 'creditcard',
    });
    expect(fromPoland.status).toBe(404);
  });

  it('repeat order and direct debit: only one’s own card, request and bundles of one’s country', async () => {
    const owner = await activeMember(t);
    const eve = await activeMember(t);
    const nl = (cookie: Record<string, string>) => ({ ...cookie, country: 'NL' });
    const pack = (await asMember(t.app, nl(owner.cookie)).call(paymentsApi.offer)).body.packages[0];
    // The owner keeps a card with a first payment.
    const first = await asMember(t.app, nl(owner.cookie)).call(paymentsApi.start, {
      package_id: pack.id,
      payment_method: 'creditcard',
      remember_card: true,
    });
    const [row] = await t.services.database.db.select().from(payments).where(eq(payments.id, first.body.payment_id));
    await t.services.sandbox.settle(row.providerPaymentId!, 'paid');
    await t.services.paymentWebhook.applyProviderReport(row.providerPaymentId!);
    const { card } = (await asMember(t.app, nl(owner.cookie)).call(paymentsApi.storedCard)).body;
    expect(card).not.toBeNull();
    // Eve can neither see, forget nor charge it.
    expect((await asMember(t.app, nl(eve.cookie)).call(paymentsApi.storedCard)).body.card).toBeNull();
    const forget = await asMember(t.app, eve.cookie).call(paymentsApi.forgetCard, { card_id: card!.id });
    expect(forget.status).toBe(404);
    const repeat = (cookie: Record<string, string>) =>
      asMember(t.app, cookie).call(paymentsApi.repeatOrder, { package_id: pack.id });
    expect((await repeat(nl(eve.cookie))).status).toBe(404);
    // A Dutch bundle from Poland is not offered, by repeat order or direct debit.
    const pl = { ...owner.cookie, country: 'PL' };
    expect((await repeat(pl)).status).toBe(404);
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
    const directDebit = (cookie: Record<string, string>) =>
      asMember(t.app, cookie).call(paymentsApi.requestDirectDebit, { package_id: pack.id, ...form });
    expect((await directDebit(pl)).status).toBe(400);
    const be = { ...owner.cookie, country: 'BE' };
    expect((await directDebit(be)).status).toBe(404);
    // Eve cannot confirm the owner's direct debit request, even with the right code.
    const requested = await directDebit(nl(owner.cookie));
    expect(requested.status).toBe(200);
    const confirm = await asMember(t.app, nl(eve.cookie)).call(paymentsApi.confirmDirectDebit, {
      request_id: requested.body.request_id,
      otp: '123456',
    });
    expect(confirm.status).toBe(404);
  });

  it('credits and transaction pages: only bundles of one’s country, only one’s own payments, members only', async () => {
    const { eve, de, pack, started } = await germanPurchase();
    const page = (path: string, cookies: Record<string, string>) =>
      t.app.inject({ url: path, headers: { host: 'localhost' }, cookies });
    expect((await page(`/credits/${pack.id}/creditcard`, de)).statusCode).toBe(200);
    expect((await page(`/credits/${pack.id}`, { ...eve.cookie, country: 'PL' })).statusCode).toBe(404);
    expect((await page('/credits/99999', de)).statusCode).toBe(404);
    expect((await page(`/transactions/${started.body.payment_id}`, de)).statusCode).toBe(200);
    expect((await page(`/transactions/${started.body.payment_id}`, eve.cookie)).statusCode).toBe(404);
    expect((await page('/transactions/not-a-payment', de)).statusCode).toBe(404);
    const visitor = await page(`/transactions/${started.body.payment_id}`, {});
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toMatch(/^\/login\?redirect=/);
  });

  it('GET /api/data-export-download.php: another member’s archive is not found, a visitor must log in', async () => {
    const owner = await activeMember(t);
    const eve = await activeMember(t);
    const id = (await asMember(t.app, owner.cookie).call(dataExportApi.request)).body.export!.id;
    const get = (cookie: Record<string, string>, exportId: number) =>
      asMember(t.app, cookie).call(dataExportApi.download, { id: exportId });
    expect((await get(owner.cookie, id)).status).toBe(200);
    expect((await get(eve.cookie, id)).status).toBe(404);
    expect((await get({}, id)).status).toBe(403);
  });

  it('DELETE /api/sessions.php: another member’s session id is not found and stays alive, a visitor must log in', async () => {
    const owner = await activeMember(t);
    const eve = await activeMember(t);
    const list = await asMember(t.app, owner.cookie).call(sessionsApi.list);
    const { id } = list.body.sessions[0];
    const end = (cookie: Record<string, string>) => asMember(t.app, cookie).call(sessionsApi.end, { id });
    expect((await end(eve.cookie)).status).toBe(404);
    expect((await end({})).status).toBe(403);
    // The owner's session survived both attempts.
    expect((await asMember(t.app, owner.cookie).call(accountsApi.current)).status).toBe(200);
  });

  it('POST/DELETE /api/user.php?push=1: a member cannot delete another member’s push subscription', async () => {
    // Not in CHECKED: the endpoint URL is no id field, but it names another member's device all the same.
    const owner = await activeMember(t);
    const eve = await activeMember(t);
    const sub = testSubscription('https://push.example/send/owner-device');
    const subscribe = (cookie: Record<string, string>) =>
      asMember(t.app, cookie).call(notificationsApi.subscribePush, { endpoint: sub.endpoint, keys: sub.keys });
    const unsubscribe = (cookie: Record<string, string>) =>
      asMember(t.app, cookie).call(notificationsApi.unsubscribePush, { endpoint: sub.endpoint });
    expect((await subscribe(owner.cookie)).status).toBe(200);
    expect((await unsubscribe(eve.cookie)).status).toBe(200);
    expect((await unsubscribe({})).status).toBe(403);
    expect((await subscribe({})).status).toBe(403);
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
    await block(blocker.cookie, viewer.user.profile.id);
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
    expect((await page(blocker.user.profile.id, '/chat')).statusCode).toBe(403);
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
    const sent = await asMember(t.app, other.cookie).call(chatApi.send, {
      profile_id: partner.user.profile.id,
      text: 'Hi',
    });
    const chatPage = await t.app.inject({
      url: `/chats/${sent.body.message.conversation_id}`,
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
