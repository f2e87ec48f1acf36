import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { locateCity } from '#server/modules/geo/geocode.service.ts';
import { PHOTO_VARIANTS_VERSION } from '#common/photo-variants.ts';
import { processPhoto } from '#server/modules/photos/photo-processing.ts';
import { createPhotoStore } from '#server/modules/photos/photo-store.ts';
import type { TDb } from '../connect.ts';
import { photos, profiles } from '../schema/index.ts';
import { renderDemoAvatar } from './demo-avatar.ts';
import { generateDemoProfiles } from './demo-profiles.ts';

const MAIN_SIZE = 512;
const BATCH = 50;
/** Every fourth demo member gets this many photos, so free members meet censored photos (spec §6). */
const PHOTOS_OF_SOME = 3;

/** Generates demo members with pictures when the profiles table is empty; returns how many were added. */
export async function seedDemoProfiles(
  db: TDb,
  options: {
    dataDir: string;
    count: number;
    seed?: number;
    now?: Date;
    /**
     * Make the responsive variants now (default), or leave them to the `photo_variants` backfill job: the demo's
     * first start stays as quick as before (AVIF of 300 members takes minutes on 2 cores) and the job catches up.
     */
    variants?: boolean;
  },
): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(profiles);
  if (n > 0 || options.count === 0) return 0;
  const store = createPhotoStore(options.dataDir);
  const demo = generateDemoProfiles(options.count, options.seed ?? 20261122, options.now ?? new Date());
  for (let start = 0; start < demo.length; start += BATCH) {
    const batch = demo.slice(start, start + BATCH);
    // City-centre coordinates, so members see rounded distances to demo members too.
    const points = await Promise.all(batch.map((p) => locateCity(p.country, p.regionCode, p.city)));
    const inserted = await db
      .insert(profiles)
      .values(
        batch.map((p, i) => ({
          name: p.name,
          lat: points[i]?.lat ?? null,
          lon: points[i]?.lon ?? null,
          gender: p.gender,
          sexuality: p.sexuality,
          birthDate: p.birthDate,
          country: p.country,
          regionCode: p.regionCode,
          city: p.city,
          locale: p.locale,
          aboutMe: p.aboutMe,
          hairColor: p.hairColor,
          eyeColor: p.eyeColor,
          bodyType: p.bodyType,
          relationshipStatus: p.relationshipStatus,
          tattoos: p.tattoos,
          heightCm: p.heightCm,
          interests: p.interests,
          niches: p.niches,
          isFictional: p.isFictional,
        })),
      )
      .returning({ id: profiles.id });
    const photoRows = await Promise.all(
      batch.map(async (p, i) => {
        const count = i % 4 === 0 ? PHOTOS_OF_SOME : 1;
        const rows = [];
        const avatar = await renderDemoAvatar(p, MAIN_SIZE);
        for (let n = 0; n < count; n++) {
          // The same pipeline as uploads: main, thumbnail and censored variants under random names.
          // The same person in every photo: mirrored and closer-up variants of the one avatar.
          const variant = await processPhoto(await photoVariant(avatar, n), { variants: options.variants ?? true });
          const keys = await store.save(variant);
          rows.push({
            profileId: inserted[i].id,
            ...keys,
            isMain: n === 0,
            position: n,
            width: variant.width,
            height: variant.height,
            variants: (options.variants ?? true) ? PHOTO_VARIANTS_VERSION : 0,
          });
        }
        return rows;
      }),
    ).then((perProfile) => perProfile.flat());
    await db.insert(photos).values(photoRows);
  }
  return demo.length;
}

/** Photo n of a demo member: the avatar itself, mirrored, or a closer crop of the face. */
async function photoVariant(avatar: Buffer, n: number): Promise<Buffer> {
  if (n === 0) return avatar;
  if (n === 1) return sharp(avatar).flop().jpeg({ quality: 90 }).toBuffer();
  const inset = Math.round(MAIN_SIZE * 0.12);
  return sharp(avatar)
    .extract({ left: inset, top: Math.round(inset / 2), width: MAIN_SIZE - 2 * inset, height: MAIN_SIZE - 2 * inset })
    .resize(MAIN_SIZE, MAIN_SIZE)
    .jpeg({ quality: 90 })
    .toBuffer();
}
