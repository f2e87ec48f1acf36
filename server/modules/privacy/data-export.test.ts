import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl, type TEndpointInput } from '#common/endpoint.ts';
import { NOTIFICATION_KINDS } from '#common/notifications.ts';
import { chatApi } from '#common/wire/chat.ts';
import { DATA_EXPORT_FILES, dataExportApi } from '#common/wire/data-export.ts';
import { likesApi } from '#common/wire/likes.ts';
import { reportsApi } from '#common/wire/reports.ts';
import {
  creditPackages,
  dataExports,
  directDebitRequests,
  jobs,
  notificationPreferences,
  notificationSends,
  paymentMandates,
  photos,
  pushSubscriptions,
  users,
} from '#server/db/schema/index.ts';
import { activeMember, CLIENT, lastMail, photoForm, type TTestMember } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { exportPath } from './data-export.service.ts';

const DAY = 86_400_000;
let offset = 0;
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(Date.now() + offset) });
});
afterAll(async () => {
  await t.close();
});

const requestExport = (m: TTestMember) => asMember(t.app, m.cookie).call(dataExportApi.request);
/** The member's newest export as the request answered it (it is built before the answer on the test app). */
const requested = async (m: TTestMember) => (await requestExport(m)).body.export!;
const latest = async (m: TTestMember) => (await asMember(t.app, m.cookie).call(dataExportApi.latest)).body.export;
/** Downloads an archive: its bytes are binary, so the raw answer (`rawPayload`), not the typed client's text. */
const download = (m: TTestMember | null, id: number) =>
  t.app.inject({ url: endpointUrl(dataExportApi.download, { id }), headers: CLIENT, cookies: m?.cookie ?? {} });

/** Two members who wrote each other, one photo message and one profile photo by Anna. */
async function conversationPair() {
  const anna = await activeMember(t, {}, { credits: 200 });
  const ben = await activeMember(t, {}, { credits: 200 });
  const profilePhoto = await photoForm();
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/photos.php', cookies: anna.cookie, ...profilePhoto })).statusCode,
  ).toBe(201);
  const send = (from: TTestMember, to: TTestMember, text: string) =>
    asMember(t.app, from.cookie).call(chatApi.send, { profile_id: to.user.profile.id, text });
  expect((await send(anna, ben, 'Hello Ben, my phone is 0612345678')).status).toBe(200);
  expect((await send(ben, anna, 'Hi Anna, nice to meet you')).status).toBe(200);
  const chatPhoto = await photoForm({ profile_id: ben.user.profile.id });
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/chat-photo.php',
    cookies: anna.cookie,
    payload: chatPhoto.payload,
    headers: chatPhoto.headers,
  });
  expect(sent.statusCode).toBe(200);
  await asMember(t.app, ben.cookie).call(likesApi.like, { profile_id: anna.user.profile.id });
  return { anna, ben };
}

describe('Download my data', () => {
  it('builds a ZIP of JSON files valid against their schemas, with messages both ways, photos and no secrets', async () => {
    const { anna, ben } = await conversationPair();
    const res = await requestExport(anna);
    expect(res.status).toBe(200);
    // The build job ran after the request's commit (the dev mailbox runner waits for it).
    const state = (await latest(anna))!;
    expect(state).toMatchObject({ status: 'ready', id: res.body.export?.id });
    expect(state.size_bytes).toBeGreaterThan(0);
    expect(new Date(state.expires_at!).getTime() - new Date(state.ready_at!).getTime()).toBe(7 * DAY);

    const zip = await download(anna, state.id);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(/^attachment; filename="amora-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    const names = Object.keys(entries);
    expect(names).toEqual(expect.arrayContaining(['README.txt', ...Object.keys(DATA_EXPORT_FILES)]));
    const json: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(DATA_EXPORT_FILES)) {
      json[name] = JSON.parse(strFromU8(entries[name]));
      expect(schema.safeParse(json[name]).success, name).toBe(true);
    }

    const conversations = DATA_EXPORT_FILES['conversations.json'].parse(json['conversations.json']);
    expect(conversations).toHaveLength(1);
    expect(conversations[0].with).toEqual({ profile_id: ben.user.profile.id, name: ben.form.name });
    const messages = conversations[0].messages;
    expect(messages).toContainEqual(
      expect.objectContaining({ direction: 'sent', text: 'Hello Ben, my phone is 0612345678' }),
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ direction: 'received', text: 'Hi Anna, nice to meet you' }),
    );
    const photoMessage = messages.find((m) => m.kind === 'photo');
    expect(photoMessage?.photo_file).toMatch(/^photos\/chat-\d+\.jpg$/);
    expect(names).toContain(photoMessage?.photo_file);

    const profile = DATA_EXPORT_FILES['profile.json'].parse(json['profile.json']);
    expect(profile.photos).toHaveLength(1);
    const [{ fileKey }] = await t.services.database.db
      .select({ fileKey: photos.fileKey })
      .from(photos)
      .where(eq(photos.profileId, anna.user.profile.id));
    const stored = await fs.readFile(path.join(t.config.dataDir, 'media', `${fileKey}.jpg`));
    expect(Buffer.from(entries[profile.photos[0].file!]).equals(stored)).toBe(true);

    const account = DATA_EXPORT_FILES['account.json'].parse(json['account.json']);
    expect(account.email).toBe(anna.form.email);
    const likes = DATA_EXPORT_FILES['likes.json'].parse(json['likes.json']);
    expect(likes.received).toEqual([
      expect.objectContaining({ from: { profile_id: ben.user.profile.id, name: ben.form.name } }),
    ]);
    expect(DATA_EXPORT_FILES['sessions.json'].parse(json['sessions.json']).length).toBeGreaterThan(0);

    // No password hash, no session id or token hash, no storage key of a photo anywhere in the archive.
    const [{ passwordHash }] = await t.services.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, anna.user.id));
    const everything = names
      .filter((n) => !n.startsWith('photos/'))
      .map((n) => Buffer.from(entries[n]).toString('latin1'))
      .join('\n');
    expect(everything).not.toContain(passwordHash);
    expect(everything).not.toContain(anna.form.password);
    expect(everything).not.toContain(anna.cookie['auth.session']);
    expect(everything).not.toMatch(/password|token|\$argon2/i);
    expect(everything).not.toContain(fileKey);

    const readme = strFromU8(entries['README.txt']);
    expect(readme).toContain('conversations.json');
    expect(readme).toContain('Your data from');

    const mail = await lastMail(t, anna.form.email);
    expect(mail).toMatchObject({ kind: 'data_export_ready' });
    expect(mail?.text).toContain('/settings#data-export');
    // The link leads to a page, it does not expire: no 'valid for N hours' line.
    expect(mail?.text).not.toMatch(/valid for/i);
  });

  it('lists the notification switches as shown, the push devices by push service only and the notifications sent', async () => {
    const m = await activeMember(t);
    const { db } = t.services.database;
    const at = new Date(Date.now() + offset - DAY);
    await db.insert(notificationPreferences).values([
      { userId: m.user.id, kind: 'like', email: false, push: true },
      // Stored on, but without a live marketing consent it reads as off (as /notifications shows it).
      { userId: m.user.id, kind: 'promotions', email: true, push: true },
    ]);
    const secret = {
      path: `fcm/send/dEviCePaTh-${Math.random().toString(36).slice(2)}`,
      p256dh: `BPubKey${Math.random().toString(36).slice(2)}`,
      auth: `AuThSeCrEt${Math.random().toString(36).slice(2)}`,
    };
    await db.insert(pushSubscriptions).values({
      userId: m.user.id,
      endpoint: `https://fcm.googleapis.com/${secret.path}`,
      p256dh: secret.p256dh,
      auth: secret.auth,
      userAgent: 'Mozilla/5.0 (Android 14) Chrome/131',
      createdAt: at,
      lastSuccessAt: at,
    });
    await db.insert(notificationSends).values([
      {
        userId: m.user.id,
        kind: 'new_messages',
        channel: 'push',
        eventKey: 'message:4242',
        subjectId: 4242,
        status: 'sent',
        createdAt: at,
        sentAt: at,
      },
      {
        userId: m.user.id,
        kind: 'like',
        channel: 'email',
        eventKey: 'like:1:2:3',
        status: 'skipped',
        reason: 'preference',
        createdAt: at,
      },
    ]);

    const state = await requested(m);
    const entries = unzipSync(new Uint8Array((await download(m, state.id)).rawPayload));
    const notifications = DATA_EXPORT_FILES['notifications.json'].parse(
      JSON.parse(strFromU8(entries['notifications.json'])),
    );
    expect(notifications.switches.map((s) => s.kind)).toEqual([...NOTIFICATION_KINDS]);
    expect(notifications.switches).toContainEqual({ kind: 'like', email: false, push: true });
    expect(notifications.switches).toContainEqual({ kind: 'new_messages', email: true, push: true });
    expect(notifications.switches).toContainEqual({ kind: 'promotions', email: false, push: false });
    expect(notifications.push_devices).toEqual([
      {
        push_service: 'fcm.googleapis.com',
        user_agent: 'Mozilla/5.0 (Android 14) Chrome/131',
        created_at: at.toISOString(),
        last_success_at: at.toISOString(),
      },
    ]);
    expect(notifications.sent).toEqual([
      {
        kind: 'new_messages',
        channel: 'push',
        status: 'sent',
        created_at: at.toISOString(),
        sent_at: at.toISOString(),
      },
      { kind: 'like', channel: 'email', status: 'skipped', created_at: at.toISOString(), sent_at: null },
    ]);
    expect(strFromU8(entries['README.txt'])).toMatch(/notifications\.json: .*60 days/);

    // The endpoint's path and the subscription's keys let anyone push to that browser: nowhere in the archive.
    const everything = Object.values(entries)
      .map((e) => Buffer.from(e).toString('latin1'))
      .join('\n');
    for (const value of Object.values(secret)) expect(everything).not.toContain(value);
    expect(everything).not.toContain('dEviCePaTh');
    expect(everything).not.toContain('message:4242');
  });

  it("holds the member's own reports, complaints and direct debit forms, and nothing of another member's", async () => {
    const anna = await activeMember(t, {}, { country: 'DE' });
    const ben = await activeMember(t, {}, { country: 'DE' });
    const { db } = t.services.database;
    type TReport = TEndpointInput<typeof reportsApi.report>;
    type TComplaint = TEndpointInput<typeof reportsApi.complaint>;
    const report = (m: TTestMember, input: TReport) => asMember(t.app, m.cookie).call(reportsApi.report, input);
    const complain = (m: TTestMember | null, input: TComplaint) =>
      asMember(t.app, m?.cookie).call(reportsApi.complaint, input);
    const annaReport: TReport = {
      profile_id: ben.user.profile.id,
      reason: 'fake_profile',
      message: 'His photos are a model',
    };
    expect((await report(anna, annaReport)).status).toBeLessThan(300);
    // About Anna, by Ben: Ben's, not Anna's.
    const benReport: TReport = {
      profile_id: anna.user.profile.id,
      reason: 'harassment',
      message: 'BenSecretReportText',
    };
    expect((await report(ben, benReport)).status).toBeLessThan(300);
    const complaint: TComplaint = {
      name: 'Anna A.',
      email: anna.form.email,
      topic: 'billing',
      message: 'AnnaComplaint: I was charged twice.',
    };
    expect((await complain(anna, complaint)).status).toBeLessThan(300);
    const benComplaint: TComplaint = {
      name: 'Ben B.',
      email: ben.form.email,
      topic: 'other',
      message: 'BenComplaint about the site.',
    };
    expect((await complain(ben, benComplaint)).status).toBeLessThan(300);
    // Someone logged out writes with Anna's address: not what Anna submitted.
    const forged: TComplaint = {
      name: 'Not Anna',
      email: anna.form.email,
      topic: 'other',
      message: 'ForgedComplaint in her name.',
    };
    expect((await complain(null, forged)).status).toBeLessThan(300);

    const [pack] = await db.select({ id: creditPackages.id }).from(creditPackages).limit(1);
    const bank = (holder: string, iban: string, phone: string) => ({
      accountHolder: holder,
      iban,
      street: 'Hauptstraße',
      houseNumber: '5',
      zip: '10115',
      city: 'Berlin',
      phone,
      reference: '',
    });
    const expiresAt = new Date(Date.now() + offset + 600_000);
    await db.insert(directDebitRequests).values([
      {
        userId: anna.user.id,
        packageId: pack.id,
        details: bank('Anna A.', 'DE89370400440532013000', '+4915112345678'),
        codeHash: 'AnnaCodeHash',
        expiresAt,
      },
      {
        userId: ben.user.id,
        packageId: pack.id,
        details: bank('Ben B.', 'DE02120300000000202051', '+4915187654321'),
        codeHash: 'BenCodeHash',
        expiresAt,
      },
    ]);
    await db.insert(paymentMandates).values({
      userId: anna.user.id,
      provider: 'sandbox',
      customerId: 'cst_anna',
      providerMandateId: 'mdt_anna',
      method: 'directdebit',
      label: 'SEPA DE89…3000',
      details: { ...bank('Anna A.', 'DE89370400440532013000', '+4915112345678'), reference: 'AMR-ANNA0001' },
    });

    const state = await requested(anna);
    const entries = unzipSync(new Uint8Array((await download(anna, state.id)).rawPayload));
    const json = (name: string) => JSON.parse(strFromU8(entries[name]));

    const reports = DATA_EXPORT_FILES['reports.json'].parse(json('reports.json'));
    expect(reports).toEqual([
      {
        reported: { profile_id: ben.user.profile.id, name: ben.form.name },
        about_photo: false,
        reason: 'fake_profile',
        message: 'His photos are a model',
        status: 'open',
        at: expect.any(String),
      },
    ]);
    expect(DATA_EXPORT_FILES['complaints.json'].parse(json('complaints.json'))).toEqual([
      {
        name: 'Anna A.',
        email: anna.form.email,
        topic: 'billing',
        message: 'AnnaComplaint: I was charged twice.',
        locale: 'en',
        status: 'open',
        at: expect.any(String),
      },
    ]);
    const directDebit = DATA_EXPORT_FILES['direct_debit.json'].parse(json('direct_debit.json'));
    expect(directDebit.requests).toEqual([
      {
        details: {
          account_holder: 'Anna A.',
          iban: 'DE89370400440532013000',
          street: 'Hauptstraße',
          house_number: '5',
          zip: '10115',
          city: 'Berlin',
          phone: '+4915112345678',
          reference: '',
        },
        package_id: pack.id,
        payment_id: null,
        created_at: expect.any(String),
        expires_at: expiresAt.toISOString(),
      },
    ]);
    expect(directDebit.mandates).toEqual([
      {
        label: 'SEPA DE89…3000',
        details: expect.objectContaining({ iban: 'DE89370400440532013000', reference: 'AMR-ANNA0001' }),
        created_at: expect.any(String),
        revoked_at: null,
      },
    ]);
    const readme = strFromU8(entries['README.txt']);
    expect(readme).toMatch(/^reports\.json: the reports you made/m);
    expect(readme).toMatch(/^complaints\.json: the complaints you sent/m);
    expect(readme).toMatch(/^direct_debit\.json: the direct debit forms/m);

    // Nothing Ben submitted or keeps private, no hash of an SMS code, nothing forged in Anna's name.
    const everything = Object.values(entries)
      .map((e) => Buffer.from(e).toString('utf8'))
      .join('\n');
    for (const other of [
      'BenSecretReportText',
      'BenComplaint',
      'ForgedComplaint',
      'Not Anna',
      ben.form.email,
      'DE02120300000000202051',
      '+4915187654321',
      'CodeHash',
      'mdt_anna',
      'cst_anna',
    ])
      expect(everything, other).not.toContain(other);
  });

  it('writes the README and the email in the member’s language', async () => {
    const m = await activeMember(t, { locale: 'de' });
    await t.services.database.db.update(users).set({ locale: 'de' }).where(eq(users.id, m.user.id));
    const state = await requested(m);
    const entries = unzipSync(new Uint8Array((await download(m, state.id)).rawPayload));
    expect(strFromU8(entries['README.txt'])).toContain('Deine Daten bei');
    expect((await lastMail(t, m.form.email))?.subject).toContain('Deine Daten bei');
  });

  it('answers 404 alike to another member, a visitor and an unknown id', async () => {
    const anna = await activeMember(t);
    const mallory = await activeMember(t);
    const state = await requested(anna);
    expect((await download(anna, state.id)).statusCode).toBe(200);
    const others = [await download(mallory, state.id), await download(mallory, state.id + 1000)];
    for (const res of others) expect(res.json()).toMatchObject({ error: 'not_found' });
    expect(others.map((r) => r.statusCode)).toEqual([404, 404]);
    expect((await download(null, state.id)).statusCode).toBe(403);
    expect(await latest(mallory)).toBeNull();
  });

  it('allows one pending export at a time and 3 a day', async () => {
    const m = await activeMember(t);
    const { db } = t.services.database;
    // A build still waiting: a second request is refused until it is done.
    await db
      .insert(dataExports)
      .values({ userId: m.user.id, status: 'pending', requestedAt: new Date(Date.now() + offset) });
    const pending = await requestExport(m);
    expect(pending.status).toBe(409);
    expect(pending.error?.error).toBe('data_export_pending');
    await db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.userId, m.user.id));
    expect((await requestExport(m)).status).toBe(200);
    expect((await requestExport(m)).status).toBe(200);
    const fourth = await requestExport(m);
    expect(fourth.status).toBe(429);
    expect(fourth.error?.error).toBe('too_many_data_exports');
  });

  it('deletes the file and marks the export expired after 7 days', async () => {
    const m = await activeMember(t);
    const state = await requested(m);
    const [row] = await t.services.database.db.select().from(dataExports).where(eq(dataExports.id, state.id));
    const file = exportPath(t.config.dataDir, row.fileKey!);
    await fs.access(file);
    const expiry = await t.services.database.db.select().from(jobs).where(eq(jobs.kind, 'expire_data_exports'));
    expect(expiry.map((j) => j.payload)).toContainEqual({ exportId: state.id });

    offset += 7 * DAY - 60_000; // a minute before the end: still there
    await t.services.runJobs();
    expect((await download(m, state.id)).statusCode).toBe(200);
    offset += 60_000;
    await t.services.runJobs();
    await expect(fs.access(file)).rejects.toThrow();
    expect(await latest(m)).toMatchObject({ id: state.id, status: 'expired', expires_at: null, size_bytes: null });
    expect((await download(m, state.id)).statusCode).toBe(404);
  });

  it('deleteExportsOf erases a member’s exports, rows and files (account purge)', async () => {
    const m = await activeMember(t);
    const state = await requested(m);
    const [row] = await t.services.database.db.select().from(dataExports).where(eq(dataExports.id, state.id));
    await t.services.dataExport.deleteExportsOf(m.user.id);
    await expect(fs.access(exportPath(t.config.dataDir, row.fileKey!))).rejects.toThrow();
    expect(await latest(m)).toBeNull();
  });

  it('marks the export failed when its build keeps failing for 2 hours; a new one may be asked for', async () => {
    const m = await activeMember(t);
    const dir = path.join(t.config.dataDir, 'exports');
    await fs.rename(dir, `${dir}.away`).catch(() => {});
    await fs.writeFile(dir, 'not a directory'); // every build fails
    try {
      const state = await requested(m);
      expect(state.status).toBe('pending');
      offset += 30 * 60_000;
      await t.services.runJobs();
      expect((await latest(m))?.status).toBe('pending'); // retried
      offset += 2 * 3_600_000;
      await t.services.runJobs();
      expect(await latest(m)).toMatchObject({ id: state.id, status: 'failed' });
    } finally {
      await fs.rm(dir);
      await fs.rename(`${dir}.away`, dir).catch(() => {});
    }
    expect((await requested(m)).status).toBe('ready');
  });
});
