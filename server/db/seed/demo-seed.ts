import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { TDb } from '../connect.ts';
import { photos, profiles } from '../schema/index.ts';
import { renderDemoAvatar } from './demo-avatar.ts';
import { generateDemoProfiles } from './demo-profiles.ts';

const MAIN_SIZE = 640;
const THUMB_SIZE = 240;
const BATCH = 50;

/** Generates demo members with pictures when the profiles table is empty; returns how many were added. */
export async function seedDemoProfiles(
  db: TDb,
  options: { mediaDir: string; count: number; seed?: number; now?: Date },
): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(profiles);
  if (n > 0 || options.count === 0) return 0;
  await fs.mkdir(options.mediaDir, { recursive: true });
  const demo = generateDemoProfiles(options.count, options.seed ?? 20261122, options.now ?? new Date());
  for (let start = 0; start < demo.length; start += BATCH) {
    const batch = demo.slice(start, start + BATCH);
    const inserted = await db
      .insert(profiles)
      .values(
        batch.map((p) => ({
          name: p.name,
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
        const fileKey = randomBytes(16).toString('hex');
        const main = await renderDemoAvatar(p, MAIN_SIZE);
        await fs.writeFile(path.join(options.mediaDir, `${fileKey}.jpg`), main);
        const thumb = await sharp(main).resize(THUMB_SIZE, THUMB_SIZE).jpeg({ quality: 80 }).toBuffer();
        await fs.writeFile(path.join(options.mediaDir, `${fileKey}_thumb.jpg`), thumb);
        return { profileId: inserted[i].id, fileKey, isMain: true, position: 0, width: MAIN_SIZE, height: MAIN_SIZE };
      }),
    );
    await db.insert(photos).values(photoRows);
  }
  return demo.length;
}
