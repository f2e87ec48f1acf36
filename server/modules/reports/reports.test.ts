import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINTS_PER_HOUR, REPORTS_PER_HOUR } from '#common/reports.ts';
import { blocks, complaints, jobs, mailbox, photos, profiles, reports, sites } from '#server/db/schema/index.ts';
import { serverT } from '#server/lib/i18n.ts';
import { reportsApi, type TComplaintRequest, type TReportRequest } from '#common/wire/reports.ts';
import { activeMember, buildMember, CLIENT } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { startTestSmtp, type TTestSmtp } from '#server/test/smtp-server.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Stores a photo for a profile and returns its id. */
async function addPhoto(profileId: number): Promise<string> {
  const [row] = await t.services.database.db
    .insert(photos)
    .values({ profileId, fileKey: randomUUID(), width: 600, height: 800 })
    .returning({ id: photos.id });
  return row.id;
}

const report = (cookie: Record<string, string> | undefined, input: TReportRequest) =>
  asMember(t.app, cookie).call(reportsApi.report, input);

const reportsBy = (reporterProfileId: number) =>
  t.services.database.db.select().from(reports).where(eq(reports.reporterProfileId, reporterProfileId));

const complain = (
  app: TTestApp,
  form: TComplaintRequest,
  opts: { cookies?: Record<string, string>; ip?: string } = {},
) => asMember(app.app, opts.cookies).call(reportsApi.complaint, form, { remoteAddress: opts.ip });

const complaintForm = (overrides: Partial<TComplaintRequest> = {}): TComplaintRequest => ({
  name: 'Jana Novak',
  email: `jana-${randomUUID()}@example.com`,
  topic: 'billing',
  message: 'I was charged twice for the same credit package on Monday.',
  ...overrides,
});

async function defaultSite(app: TTestApp) {
  const [site] = await app.services.database.db.select().from(sites).where(eq(sites.isDefault, true));
  return site;
}

async function complaintCount(app: TTestApp): Promise<number> {
  const [row] = await app.services.database.db.select({ n: count() }).from(complaints);
  return row.n;
}

describe('reporting a profile or photo', () => {
  it('stores a report for moderation, and a repeat report changes nothing', async () => {
    const anna = await activeMember(t);
    const ben = await activeMember(t);
    const payload: TReportRequest = {
      profile_id: ben.user.profile.id,
      reason: 'fake_profile',
      message: '  Uses stock photos.  ',
    };
    expect((await report(anna.cookie, payload)).status).toBe(204);
    const again = await report(anna.cookie, { ...payload, reason: 'spam_scam' });
    expect(again.status).toBe(204);
    const rows = await reportsBy(anna.user.profile.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      profileId: ben.user.profile.id,
      photoId: null,
      reason: 'fake_profile',
      message: 'Uses stock photos.',
      status: 'open',
    });
  });

  it('stores a photo report apart from the profile report, once per photo', async () => {
    const anna = await activeMember(t);
    const ben = await activeMember(t);
    const photoId = await addPhoto(ben.user.profile.id);
    await report(anna.cookie, { profile_id: ben.user.profile.id, reason: 'harassment' });
    const photo: TReportRequest = { profile_id: ben.user.profile.id, photo_id: photoId, reason: 'inappropriate_photo' };
    expect((await report(anna.cookie, photo)).status).toBe(204);
    expect((await report(anna.cookie, photo)).status).toBe(204);
    const rows = await reportsBy(anna.user.profile.id);
    const byReason = rows.map((r) => [r.reason, r.photoId]).sort(([a], [b]) => String(a).localeCompare(String(b)));
    expect(byReason).toEqual([
      ['harassment', null],
      ['inappropriate_photo', photoId],
    ]);
  });

  it('refuses oneself, unknown and hidden profiles and photos of another profile, storing nothing', async () => {
    const { db } = t.services.database;
    const anna = await activeMember(t);
    const me = anna.user.profile.id;
    const invisible = await activeMember(t);
    await db.update(profiles).set({ invisible: true }).where(eq(profiles.id, invisible.user.profile.id));
    const unconfirmed = await buildMember(t);
    const blockedByAnna = await activeMember(t);
    const blockedAnna = await activeMember(t);
    await db.insert(blocks).values([
      { blockerProfileId: me, blockedProfileId: blockedByAnna.user.profile.id },
      { blockerProfileId: blockedAnna.user.profile.id, blockedProfileId: me },
    ]);
    const ben = await activeMember(t);
    const carl = await activeMember(t);
    const carlsPhoto = await addPhoto(carl.user.profile.id);

    const self = await report(anna.cookie, { profile_id: me, reason: 'other' });
    expect(self.status).toBe(400);
    expect(self.error?.error).toBe('invalid_request');
    for (const hidden of [99_999_999, invisible, unconfirmed]) {
      const id = typeof hidden === 'number' ? hidden : hidden.user.profile.id;
      const res = await report(anna.cookie, { profile_id: id, reason: 'fake_profile' });
      expect(res.status, `profile ${id}`).toBe(404);
      expect(res.error?.error).toBe('profile_not_found');
    }
    const photo = await report(anna.cookie, {
      profile_id: ben.user.profile.id,
      photo_id: carlsPhoto,
      reason: 'inappropriate_photo',
    });
    expect(photo.status).toBe(404);
    expect(photo.error?.error).toBe('photo_not_found');
    const unknownPhoto = await report(anna.cookie, {
      profile_id: ben.user.profile.id,
      photo_id: randomUUID(),
      reason: 'inappropriate_photo',
    });
    expect(unknownPhoto.error?.error).toBe('photo_not_found');
    expect(await reportsBy(me)).toHaveLength(0);
    // A block either way does not protect from a report: block and report, or a harasser who blocked first.
    for (const blocked of [blockedByAnna, blockedAnna]) {
      const res = await report(anna.cookie, { profile_id: blocked.user.profile.id, reason: 'harassment' });
      expect(res.status).toBe(204);
    }
    expect(await reportsBy(me)).toHaveLength(2);
  });

  it('needs a login, and answers a bad reason or message with a localized invalid_request', async () => {
    const ben = await activeMember(t);
    const visitor = await report(undefined, { profile_id: ben.user.profile.id, reason: 'fake_profile' });
    expect(visitor.status).toBe(403);
    expect(visitor.error?.error).toBe('authentication_required');

    const anna = await activeMember(t);
    const badReason = await t.app.inject({
      method: 'POST',
      url: '/api/report.php',
      headers: CLIENT,
      cookies: { ...anna.cookie, i18n_redirected: 'de' },
      payload: { profile_id: ben.user.profile.id, reason: 'ugly' },
    });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json()).toMatchObject({
      error: 'invalid_request',
      message: serverT('de')('errors.invalid_request'),
    });
    expect(JSON.stringify(badReason.json().data)).toContain('reports.errors.choose_reason');
    const tooLong = await report(anna.cookie, {
      profile_id: ben.user.profile.id,
      reason: 'other',
      message: 'x'.repeat(1001),
    });
    expect(tooLong.error?.error).toBe('invalid_request');
    const badPhoto = await report(anna.cookie, { profile_id: ben.user.profile.id, photo_id: 'abc', reason: 'other' });
    expect(badPhoto.error?.error).toBe('invalid_request');
    expect(await reportsBy(anna.user.profile.id)).toHaveLength(0);
  });
});

describe('complaints', () => {
  it('stores a visitor complaint, emails support (escaped) and sends a receipt in the sender’s language', async () => {
    const site = await defaultSite(t);
    const form = complaintForm({ message: 'Charged twice <script>alert(1)</script> & no answer.' });
    const res = await complain(t, form, { cookies: { i18n_redirected: 'de' } });
    expect(res.status).toBe(201);
    const { id } = res.body;
    const { db } = t.services.database;
    const [row] = await db.select().from(complaints).where(eq(complaints.id, id));
    expect(row).toMatchObject({
      siteId: site.id,
      userId: null,
      name: 'Jana Novak',
      email: form.email,
      topic: 'billing',
      message: form.message,
      locale: 'de',
      status: 'open',
    });

    const mails = await db.select().from(mailbox).where(eq(mailbox.kind, 'complaint'));
    const toSupport = mails.find((m) => m.subject.includes(`#${id}`));
    expect(toSupport?.to).toBe(site.supportEmail);
    const supportT = serverT(site.domainLanguage);
    expect(toSupport?.subject).toContain(supportT('complaints.topics.billing'));
    expect(toSupport?.text).toContain(form.message);
    expect(toSupport?.text).toContain(form.email);
    expect(toSupport?.html).toContain('Charged twice &lt;script&gt;alert(1)&lt;/script&gt; &amp; no answer.');
    expect(toSupport?.html).not.toContain('<script>');

    const [receipt] = await db.select().from(mailbox).where(eq(mailbox.to, form.email));
    expect(receipt.kind).toBe('complaint_receipt');
    expect(receipt.subject).toBe(serverT('de')('email.complaint_receipt.subject', { id, site: site.name }));
    expect(receipt.text).toContain(`#${id}`);
    // The receipt repeats nothing the sender typed, so the form cannot mail chosen text to a stranger.
    expect(receipt.text).not.toContain('Charged twice');
    expect(receipt.text).not.toContain('Jana');
  });

  it('links a member’s complaint to the account', async () => {
    const anna = await activeMember(t);
    const res = await complain(t, complaintForm({ email: anna.form.email, topic: 'privacy' }), {
      cookies: anna.cookie,
    });
    expect(res.status).toBe(201);
    const [row] = await t.services.database.db.select().from(complaints).where(eq(complaints.id, res.body.id));
    expect(row.userId).toBe(anna.user.id);
    expect(row.topic).toBe('privacy');
  });

  it('sends a member’s receipt to the account address, and at most 3 receipts a day to one address', async () => {
    const { db } = t.services.database;
    const anna = await activeMember(t);
    const typed = `typed-${randomUUID()}@example.com`;
    await complain(t, complaintForm({ email: typed }), { cookies: anna.cookie });
    const receipts = (to: string) =>
      db
        .select()
        .from(mailbox)
        .where(and(eq(mailbox.to, to), eq(mailbox.kind, 'complaint_receipt')));
    expect(await receipts(typed)).toHaveLength(0);
    expect(await receipts(anna.form.email)).toHaveLength(1);
    const victim = `victim-${randomUUID()}@example.com`;
    for (let i = 0; i < 5; i++) {
      expect((await complain(t, complaintForm({ email: victim }), { ip: `198.51.100.${i}` })).status).toBe(201);
    }
    expect(await receipts(victim)).toHaveLength(3);
  });

  it('answers an invalid email, topic or message with a localized invalid_request and stores and sends nothing', async () => {
    const before = await complaintCount(t);
    const [{ n: mailsBefore }] = await t.services.database.db.select({ n: count() }).from(mailbox);
    const badEmail = await complain(t, complaintForm({ email: 'jana@' }), { cookies: { i18n_redirected: 'fr' } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.error).toMatchObject({
      error: 'invalid_request',
      message: serverT('fr')('errors.invalid_request'),
    });
    expect(JSON.stringify(badEmail.error?.data)).toContain('validation.email_invalid');
    // A topic outside the list cannot be typed: these go out as raw requests.
    for (const bad of [{ topic: 'refund' }, { message: 'short' }, { name: '   ' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/complaint.php',
        headers: CLIENT,
        payload: { ...complaintForm(), ...bad },
      });
      expect(res.json().error, JSON.stringify(bad)).toBe('invalid_request');
    }
    expect(await complaintCount(t)).toBe(before);
    const [{ n: mailsAfter }] = await t.services.database.db.select({ n: count() }).from(mailbox);
    expect(mailsAfter).toBe(mailsBefore);
  });
});

describe('rate limits', () => {
  let limited: TTestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ env: { RATE_LIMITS: 'true' } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it(`accepts ${COMPLAINTS_PER_HOUR} complaints an hour from one IP, then answers rate_limited`, async () => {
    for (let i = 0; i < COMPLAINTS_PER_HOUR; i++) {
      expect((await complain(limited, complaintForm(), { ip: '203.0.113.7' })).status).toBe(201);
    }
    const over = await complain(limited, complaintForm(), { ip: '203.0.113.7' });
    expect(over.status).toBe(429);
    expect(over.error?.error).toBe('rate_limited');
    expect(await complaintCount(limited)).toBe(COMPLAINTS_PER_HOUR);
    expect((await complain(limited, complaintForm(), { ip: '203.0.113.8' })).status).toBe(201);
  });

  it(`accepts ${REPORTS_PER_HOUR} reports an hour from one member, counted per member, not per IP`, async () => {
    const [anna, ben, carl] = [await activeMember(limited), await activeMember(limited), await activeMember(limited)];
    const send = (cookie: Record<string, string>) =>
      asMember(limited.app, cookie).call(
        reportsApi.report,
        { profile_id: carl.user.profile.id, reason: 'spam_scam' },
        { remoteAddress: '203.0.113.9' },
      );
    for (let i = 0; i < REPORTS_PER_HOUR; i++) expect((await send(anna.cookie)).status).toBe(204);
    expect((await send(anna.cookie)).error?.error).toBe('rate_limited');
    expect((await send(ben.cookie)).status).toBe(204);
  });
});

describe('complaint emails over SMTP', () => {
  let mailServer: TTestSmtp;
  let smtp: TTestApp;
  beforeAll(async () => {
    mailServer = await startTestSmtp();
    smtp = await buildTestApp({ env: { SMTP_URL: mailServer.url } });
  });
  afterAll(async () => {
    await smtp.close();
    await mailServer.close();
  });

  it('sends the complaint to support with reply-to the sender', async () => {
    const site = await defaultSite(smtp);
    const form = complaintForm();
    const res = await complain(smtp, form);
    expect(res.status).toBe(201);
    const parsed = await Promise.all(mailServer.received.map((raw) => PostalMime.parse(raw)));
    const toSupport = parsed.find((m) => m.to?.[0].address === site.supportEmail);
    expect(toSupport?.replyTo?.[0].address).toBe(form.email);
    expect(toSupport?.subject).toContain(`#${res.body.id}`);
    const receipt = parsed.find((m) => m.to?.[0].address === form.email);
    expect(receipt?.replyTo?.[0].address).toBe(site.supportEmail);
  });

  it('keeps the complaint when the emails cannot be sent, and delivers them later from the job queue', async () => {
    mailServer.refuseWith = 550;
    const form = complaintForm({ topic: 'account' });
    const res = await complain(smtp, form);
    mailServer.refuseWith = null;
    expect(res.status).toBe(201);
    const [row] = await smtp.services.database.db.select().from(complaints).where(eq(complaints.id, res.body.id));
    expect(row.topic).toBe('account');
    const queued = await smtp.services.database.db.select().from(jobs).where(eq(jobs.kind, 'send_mail'));
    expect(queued.filter((j) => j.doneAt === null)).toHaveLength(2);
    // The job loop retries after the backoff: make the jobs due and run the app's own job handlers.
    mailServer.received.length = 0;
    await smtp.services.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.kind, 'send_mail'));
    expect(await smtp.services.runJobs()).toBe(2);
    const parsed = await Promise.all(mailServer.received.map((raw) => PostalMime.parse(raw)));
    expect(parsed.map((m) => m.to?.[0].address).sort()).toEqual(
      [form.email, (await defaultSite(smtp)).supportEmail].sort(),
    );
    expect(parsed.find((m) => m.to?.[0].address === form.email)?.subject).toContain(`#${res.body.id}`);
  });
});
