import { stat } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHOTO_VARIANTS_VERSION,
  PHOTO_WIDTHS,
  photoBase,
  pictureSources,
  THUMB_SIDES,
  type TPhotoImage,
} from '#common/photo-variants.ts';
import { photosApi } from '#common/wire/photos.ts';
import { jobs, photos } from '#server/db/schema/index.ts';
import { activeMember, CLIENT } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { MEDIA_CACHE_CONTROL } from './media.routes.ts';
import { processPhoto } from './photo-processing.ts';
import { createPhotoStore, mediaDir } from './photo-store.ts';
import { ensurePhotoVariantsScheduled, PHOTO_VARIANTS_BATCH, photoVariantsJob } from './photo-variants.job.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A photo-like landscape image (smooth noise), so every encoder has real work. */
const landscape = (width: number, height: number) =>
  sharp({
    create: {
      width: 48,
      height: 36,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .resize(width, height)
    .jpeg()
    .toBuffer();

/** A multipart/form-data body with one file part. */
function multipart(file: Buffer) {
  const boundary = `----amora${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { ...CLIENT, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Every URL of a photo's `<picture>` (main and thumbnail), with the width each claims and its format. */
function variantUrls(image: TPhotoImage) {
  const urls: { url: string; width: number; square: boolean; format: string }[] = [];
  for (const kind of ['main', 'thumb'] as const) {
    const sources = pictureSources(image, kind);
    const sets = [...sources.sources.map((s) => s.srcSet), sources.srcSet ?? ''];
    for (const entry of sets.join(', ').split(', ')) {
      const [url, w] = entry.split(' ');
      urls.push({ url, width: Number.parseInt(w, 10), square: kind === 'thumb', format: url.split('.').at(-1)! });
    }
  }
  return urls;
}

const SHARP_FORMAT: Record<string, string> = { avif: 'heif', webp: 'webp', jpg: 'jpeg' };
const MIME: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/** Asserts every variant of a photo is served, as the format and size its URL names, immutable for a year. */
async function expectEveryVariant(image: TPhotoImage) {
  const urls = variantUrls(image);
  // Main: each smaller width and the photo's own, in 3 formats; thumbnail: every side in 3 formats.
  const mainWidths = PHOTO_WIDTHS.filter((w) => w < image.width!).length + 1;
  expect(urls).toHaveLength(3 * (mainWidths + THUMB_SIDES.length));
  for (const { url, width, square, format } of urls) {
    const res = await t.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toBe(MIME[format]);
    expect(res.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format, url).toBe(SHARP_FORMAT[format]);
    expect(meta.width, url).toBe(width);
    expect(meta.height, url).toBe(square ? width : Math.round((width * image.height!) / image.width!));
  }
}

describe('responsive photo variants (issue 32)', () => {
  it('an upload has every width in AVIF, WebP and JPEG, sharp under /media/ and blurred under /cdn/', async () => {
    const m = await activeMember(t);
    const res = await asMember(t.app, m.cookie).upload(photosApi.upload, multipart(await landscape(1600, 1200)));
    expect(res.status).toBe(201);
    const [photo] = res.body.photos;
    expect(photo).toMatchObject({ width: 1280, height: 960, variants: PHOTO_VARIANTS_VERSION });
    await expectEveryVariant(photo);
    const [row] = await t.services.database.db.select().from(photos).where(eq(photos.id, photo.id));
    const blurred = photoBase('', 'cdn', row.censoredKey!);
    await expectEveryVariant({ ...photo, filename: `${blurred}.jpg`, thumb_filename: `${blurred}_thumb.jpg` });
    // Deleting the photo deletes every variant too.
    await asMember(t.app, m.cookie).call(photosApi.remove, { photo_id: photo.id });
    for (const { url } of variantUrls(photo)) expect((await t.app.inject({ url })).statusCode, url).toBe(404);
  });

  it('a photo smaller than 1280 px is never scaled up: its own width is the largest', async () => {
    const m = await activeMember(t);
    const res = await asMember(t.app, m.cookie).upload(photosApi.upload, multipart(await landscape(800, 600)));
    const [photo] = res.body.photos;
    expect(photo).toMatchObject({ width: 800, height: 600 });
    expect(pictureSources(photo, 'main').srcSet).toBe(
      ['_360.jpg 360w', '_720.jpg 720w', '.jpg 800w'].map((s) => photo.filename.replace('.jpg', s)).join(', '),
    );
    await expectEveryVariant(photo);
  });

  it('answers the legacy JPEG names immutable for a year', async () => {
    const m = await activeMember(t);
    const res = await asMember(t.app, m.cookie).upload(photosApi.upload, multipart(await landscape(400, 300)));
    for (const url of [res.body.photos[0].filename, res.body.photos[0].thumb_filename]) {
      const served = await t.app.inject({ url });
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe('photo_variants backfill job (issue 32)', () => {
  /** Stores photos the way uploads did before issue 32: the four JPEGs only, the row at variant set 0. */
  async function storeOldWay(profileId: number, count: number) {
    const store = createPhotoStore(t.config.dataDir);
    const rows = [];
    for (let i = 0; i < count; i++) {
      const processed = await processPhoto(await landscape(400 + i, 300), { variants: false });
      const keys = await store.save(processed);
      rows.push({ profileId, ...keys, position: i, width: processed.width, height: processed.height });
    }
    return t.services.database.db.insert(photos).values(rows).returning();
  }

  const wire = (row: typeof photos.$inferSelect, version = row.variants) => ({
    filename: `/media/${row.fileKey}.jpg`,
    thumb_filename: `/media/${row.fileKey}_thumb.jpg`,
    width: row.width,
    height: row.height,
    variants: version,
  });

  it('gives photos stored the old way every format and width, in batches, and does nothing more when run again', async () => {
    const m = await activeMember(t);
    const old = await storeOldWay(m.user.profile.id, PHOTO_VARIANTS_BATCH + 2);
    const ids = old.map((r) => r.id);
    // Before: of the srcset files only the main JPEG at its own width exists (and the 320 px thumbnail, not in it).
    const before = variantUrls(wire(old[0], PHOTO_VARIANTS_VERSION));
    const missing = await Promise.all(before.map(({ url }) => t.app.inject({ url })));
    expect(missing.filter((r) => r.statusCode === 200)).toHaveLength(1);

    const { db } = t.services.database;
    expect(await ensurePhotoVariantsScheduled(db, new Date())).toBe(true);
    expect(await ensurePhotoVariantsScheduled(db, new Date())).toBe(false); // one pending run at a time
    while ((await t.services.runJobs()) > 0);
    const after = await db.select().from(photos).where(inArray(photos.id, ids));
    expect(after.every((r) => r.variants === PHOTO_VARIANTS_VERSION)).toBe(true);
    for (const row of after) await expectEveryVariant(wire(row));
    const blurred = photoBase('', 'cdn', after[0].censoredKey!);
    await expectEveryVariant({ ...wire(after[0]), filename: `${blurred}.jpg`, thumb_filename: `${blurred}_thumb.jpg` });
    // Two batches ran, the second queued by the first.
    const runs = await db.select().from(jobs).where(eq(jobs.kind, photoVariantsJob.kind));
    expect(runs.filter((j) => j.doneAt)).toHaveLength(2);

    // Again: nothing is left to do, so nothing is queued and no file is written.
    const file = path.join(mediaDir(t.config.dataDir), `${after[0].fileKey}_360.avif`);
    const written = (await stat(file)).mtimeMs;
    expect(await ensurePhotoVariantsScheduled(db, new Date())).toBe(false);
    expect(await t.services.runJobs()).toBe(0);
    // And a run queued anyway finds nothing to make.
    await photoVariantsJob.enqueue(db, {}, { runAt: new Date() });
    expect(await t.services.runJobs()).toBe(1);
    expect((await stat(file)).mtimeMs).toBe(written);
  }, 60_000);
});
