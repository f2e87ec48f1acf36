import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_VISIBLE_PHOTOS, PHOTO_MAX_BYTES } from '#common/photos.ts';
import { accountsApi } from '#common/wire/accounts.ts';
import { photosApi } from '#common/wire/photos.ts';
import { photos, users } from '#server/db/schema/index.ts';
import { activeMember, CLIENT } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { mediaDir } from './photo-store.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { CONCURRENCY_PROOF } from '#server/test/concurrency.ts';

let t: TTestApp;
let gpsJpeg: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  gpsJpeg = await readFile(path.join(import.meta.dirname, '../../test/fixtures/gps-photo.jpg'));
});
afterAll(async () => {
  await t.close();
});

/** A multipart/form-data body with one file part. */
function multipart(file: Buffer, name = 'photo.jpg', type = 'image/jpeg') {
  const boundary = `----amora${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { ...CLIENT, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Posts a body over a real connection, one write per piece. */
function postInPieces(url: string, headers: Record<string, string>, cookie: Record<string, string>, pieces: Buffer[]) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const cookieHeader = Object.entries(cookie)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    const length = pieces.reduce((sum, p) => sum + p.length, 0);
    const req = http.request(
      url,
      { method: 'POST', headers: { ...headers, cookie: cookieHeader, 'content-length': length } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    for (const piece of pieces) req.write(piece);
    req.end();
  });
}

/** Uploads a file as the browser does (multipart). */
const upload = (cookie: Record<string, string>, file: Buffer = gpsJpeg, name?: string, type?: string) =>
  asMember(t.app, cookie).upload(photosApi.upload, multipart(file, name, type));

/** The member's own photos. */
const myPhotos = async (cookie: Record<string, string>) =>
  (await asMember(t.app, cookie).call(photosApi.list)).body.photos;

/** A small distinct image of the given size (for limit tests). */
const plainImage = (width = 400, height = 300, format: 'png' | 'webp' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();

async function served(url: string) {
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

async function makePremium(userId: number) {
  await t.services.database.db.update(users).set({ paidUser: true }).where(eq(users.id, userId));
}

describe('photo upload (spec §1/§9)', () => {
  it('stores an upright copy with every piece of metadata removed, in main, thumb and censored variants', async () => {
    expect((await exifr.gps(gpsJpeg))?.latitude).toBeCloseTo(52.374, 2); // the fixture really carries GPS
    const m = await activeMember(t);
    const res = await upload(m.cookie);
    expect(res.status).toBe(201);
    const [photo] = res.body.photos;
    expect(photo).toMatchObject({ is_main: true, censored: false });
    expect(res.body.limit).toBe(3);
    const [row] = await t.services.database.db.select().from(photos).where(eq(photos.id, photo.id));
    const files = [
      await served(photo.filename),
      await served(photo.thumb_filename),
      await served(`/cdn/${row.censoredKey}.jpg`),
      await served(`/cdn/${row.censoredKey}_thumb.jpg`),
    ];
    for (const bytes of files) {
      expect(await exifr.parse(bytes, true)).toBeUndefined();
      expect(await exifr.gps(bytes)).toBeUndefined();
      expect(bytes.includes('Exif')).toBe(false);
      expect(bytes.includes('Secret Person')).toBe(false);
      expect(bytes.includes('AmoraCam')).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    // The 1600x1200 source carries orientation 6: the stored photo is portrait.
    const main = await sharp(files[0]).metadata();
    expect([main.width, main.height]).toEqual([960, 1280]);
    // The user's main image follows the first upload.
    const me = await asMember(t.app, m.cookie).call(accountsApi.current);
    expect(me.body.user?.profile.main_image?.filename).toBe(photo.filename);
  });

  it('detects the type from the bytes, not the name, and refuses what is not an image', async () => {
    const m = await activeMember(t);
    const png = await plainImage(400, 300, 'png');
    const res = await upload(m.cookie, png, 'holiday.jpg', 'image/jpeg');
    expect(res.status).toBe(201);
    const text = await upload(m.cookie, Buffer.from('<?php echo "hi"; ?>'.repeat(50)), 'photo.jpg', 'image/jpeg');
    expect(text.status).toBe(415);
    expect(text.error).toMatchObject({ error: 'photo_unsupported_type' });
    const svg = await upload(
      m.cookie,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"/>'),
    );
    expect(svg.error?.error).toBe('photo_unsupported_type');
    expect(await myPhotos(m.cookie)).toHaveLength(1);
  });

  it('refuses photos that are too small, too large in bytes, or too many pixels, with a clear message', async () => {
    const m = await activeMember(t);
    const small = await upload(m.cookie, await plainImage(150, 150));
    expect(small.status).toBe(422);
    expect(small.error).toMatchObject({ error: 'photo_too_small', data: { min: 200 } });
    expect(small.error?.message).toMatch(/200/);

    const huge = await upload(m.cookie, Buffer.alloc(PHOTO_MAX_BYTES + 10, 1));
    expect(huge.status).toBe(413);
    expect(huge.error?.error).toBe('photo_too_large');

    // A tiny PNG file that declares 10,000 x 10,000 pixels (a decompression bomb) is refused before decoding.
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const bombRes = await upload(m.cookie, bomb);
    expect(bombRes.error?.error).toBe('photo_too_large');
    expect(await myPhotos(m.cookie)).toEqual([]);
  });

  it('refuses a 30 MB upload sent in 64 KiB pieces with 413 and stores nothing, even when the limit falls on a piece boundary', async () => {
    // A valid JPEG padded to 30 MB: cut at the size limit it is still a valid photo, so a silently truncated upload
    // would be stored.
    const jpeg = await plainImage(400, 300, 'jpeg');
    const file = Buffer.concat([jpeg, Buffer.alloc(30 * 1024 * 1024 - jpeg.length)]);
    const cutter = await activeMember(t);
    expect((await upload(cutter.cookie, file.subarray(0, PHOTO_MAX_BYTES))).status).toBe(201);

    const m = await activeMember(t);
    const mediaFiles = async () => (await readdir(mediaDir(t.config.dataDir))).length;
    const filesBefore = await mediaFiles();
    // Browsers and fs streams send a file in 64 KiB writes; 15 MiB is 240 of them, so the limit is hit exactly
    // between two pieces, which the multipart parser does not report as an error.
    const body = multipart(file);
    const pieces = [body.payload.subarray(0, body.payload.indexOf('\r\n\r\n') + 4)];
    for (let o = pieces[0].length; o < body.payload.length; o += 65_536)
      pieces.push(body.payload.subarray(o, o + 65_536));
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/photos.php',
        cookies: m.cookie,
        headers: body.headers,
        payload: Readable.from(pieces),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toBe('photo_too_large');
    }
    // The same over a real connection, ten times.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 10; i++) {
      const res = await postInPieces(`${address}/api/photos.php`, body.headers, m.cookie, pieces);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).error).toBe('photo_too_large');
    }
    expect(await t.services.database.db.$count(photos, eq(photos.profileId, m.user.profile.id))).toBe(0);
    expect(await mediaFiles()).toBe(filesBefore);
  }, 60_000);

  it(`lets a free member hold 3 photos and refuses the 4th; a premium member 25 and refuses the 26th ${CONCURRENCY_PROOF}`, async () => {
    const m = await activeMember(t);
    const img = await plainImage();
    for (let i = 0; i < 3; i++) expect((await upload(m.cookie, img)).status).toBe(201);
    const fourth = await upload(m.cookie, img);
    expect(fourth.status).toBe(409);
    expect(fourth.error).toMatchObject({ error: 'photo_limit_reached', data: { limit: 3, premium: false } });
    expect(fourth.error?.message).toContain('3');
    expect(await t.services.database.db.$count(photos, eq(photos.profileId, m.user.profile.id))).toBe(3);

    await makePremium(m.user.id);
    // Racing uploads, in waves that fit the processing queue (2 running + 16 waiting).
    const wave = (n: number) => Promise.all(Array.from({ length: n }, () => upload(m.cookie, img)));
    const uploads = [...(await wave(12)), ...(await wave(11))];
    const codes = uploads.map((r) => r.status).sort();
    // 22 more fit (25 in all); of 23 racing uploads exactly one is refused.
    expect(codes.filter((c) => c === 201)).toHaveLength(22);
    expect(codes.filter((c) => c === 409)).toHaveLength(1);
    const twentySixth = await upload(m.cookie, img);
    expect(twentySixth.error).toMatchObject({ error: 'photo_limit_reached', data: { limit: 25, premium: true } });
    expect(await t.services.database.db.$count(photos, eq(photos.profileId, m.user.profile.id))).toBe(25);
  }, 60_000);

  it('needs a login', async () => {
    const res = await upload({}, await plainImage());
    expect(res.status).toBe(403);
    expect(res.error?.error).toBe('authentication_required');
  });
});

describe('managing photos', () => {
  it('chooses the main photo, reorders, deletes (files too), and never touches another member’s photos', async () => {
    const m = await activeMember(t);
    const other = await activeMember(t);
    for (let i = 0; i < 3; i++) await upload(m.cookie, await plainImage(400 + i, 300));
    const otherPhoto = (await upload(other.cookie, await plainImage())).body.photos[0];
    const [a, b, c] = (await myPhotos(m.cookie)).map((p) => p.id);
    const client = asMember(t.app, m.cookie);

    const main = await client.call(photosApi.arrange, { main_photo_id: c });
    expect(main.body.photos.map((p) => [p.id, p.is_main])).toEqual([
      [c, true],
      [a, false],
      [b, false],
    ]);
    const order = await client.call(photosApi.arrange, { order: [c, b, a] });
    expect(order.body.photos.map((p) => p.id)).toEqual([c, b, a]);

    for (const input of [{ main_photo_id: otherPhoto.id }, { order: [c, b, otherPhoto.id] }, { order: [c, b] }]) {
      const res = await client.call(photosApi.arrange, input);
      expect(res.status).toBe(404);
      expect(res.error?.error).toBe('photo_not_found');
    }
    const steal = await client.call(photosApi.remove, { photo_id: otherPhoto.id });
    expect(steal.status).toBe(404);
    expect((await t.app.inject({ url: otherPhoto.filename })).statusCode).toBe(200);

    const mainFile = main.body.photos[0].filename;
    const del = await client.call(photosApi.remove, { photo_id: c });
    expect(del.status).toBe(200);
    // The next photo becomes main, and the deleted files are gone.
    expect(del.body.photos.map((p) => [p.id, p.is_main])).toEqual([
      [b, true],
      [a, false],
    ]);
    expect((await t.app.inject({ url: mainFile })).statusCode).toBe(404);
  });
});

describe('photos of others by viewer tier (spec §6)', () => {
  it('shows visitors 1, free members 2 and premium members all photos sharp; the rest are censored under /cdn/', async () => {
    const owner = await activeMember(t);
    for (let i = 0; i < 3; i++) await upload(owner.cookie, await plainImage(500, 400 + i));
    const viewer = await activeMember(t);
    const view = async (cookie?: Record<string, string>) =>
      (await t.services.profiles.profileView(
        owner.user.profile.id,
        '',
        cookie ? { profileId: viewer.user.profile.id, isPremium: cookie === premiumFlag } : undefined,
      ))!.photos;
    const premiumFlag = { premium: '1' };

    const asVisitor = (await t.services.profiles.profileView(owner.user.profile.id, ''))!.photos;
    expect(asVisitor.map((p) => p.censored)).toEqual([false, true, true]);
    const asFree = await view(viewer.cookie);
    expect(asFree.filter((p) => !p.censored)).toHaveLength(FREE_VISIBLE_PHOTOS);
    expect(asFree[2].filename).toMatch(/^\/cdn\/[0-9a-f]{32}\.jpg$/);
    const asPremium = await view(premiumFlag);
    expect(asPremium.every((p) => !p.censored && p.filename.startsWith('/media/'))).toBe(true);
    // The censored name does not reveal the full photo's name.
    expect(asFree[2].filename.slice(5, 37)).not.toBe(asPremium[2].filename.slice(7, 39));

    // The censored bytes really are blurred: almost no detail left compared with the full photo.
    const full = await sharp(await served(asPremium[2].filename)).stats();
    const blurred = await sharp(await served(asFree[2].filename)).stats();
    expect(blurred.sharpness).toBeLessThan(full.sharpness + 0.5);

    // The owner sees all of their own photos sharp.
    const self = (await t.services.profiles.profileView(owner.user.profile.id, '', {
      profileId: owner.user.profile.id,
      isPremium: false,
    }))!.photos;
    expect(self.every((p) => !p.censored)).toBe(true);
  });

  it('prefixes photo URLs with the site CDN prefix', async () => {
    const owner = await activeMember(t);
    await upload(owner.cookie, await plainImage());
    const [p] = (await t.services.profiles.profileView(owner.user.profile.id, 'https://cdn.example.com'))!.photos;
    expect(p.filename).toMatch(/^https:\/\/cdn\.example\.com\/media\/[0-9a-f]{32}\.jpg$/);
  });
});

describe('image work is limited per process', () => {
  it('runs at most two at a time and refuses uploads beyond the waiting room', async () => {
    const { withProcessingSlot } = await import('./photo-processing.ts');
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      withProcessingSlot(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
      });
    const jobs = Array.from({ length: 18 }, job);
    const refused = job();
    await expect(refused).rejects.toMatchObject({ code: 'service_unavailable' });
    while (releases.length || running) {
      await new Promise((r) => setTimeout(r, 1));
      releases.shift()?.();
    }
    await Promise.all(jobs);
    expect(peak).toBe(2);
  });
});
