// Bulk data for `npm run bench:search`: profiles over the 19 served countries and their regions, both genders,
// ages 18-80, about 60% with a main photo (some with more photos), a few % invisible or disabled, member accounts for
// one profile in 20, and blocks between them. Deterministic for a given size.
import { randomBytes } from 'node:crypto';
import { INTERESTS } from '#common/profile-attributes.ts';
import { faker } from '@faker-js/faker';
import type pg from 'pg';
import { COUNTRIES, COUNTRY_LOCALES } from '#common/locales.ts';
import { seededRandom } from '#server/db/seed/demo-profiles.ts';
import { regionsOf } from '#server/modules/reference/reference.service.ts';

type TRng = () => number;

// Share of members per country: the big markets weigh more (same spread as the demo seed).
const COUNTRY_WEIGHT: Record<string, number> = {
  US: 14,
  GB: 9,
  DE: 9,
  FR: 7,
  IT: 6,
  ES: 6,
  NL: 5,
  CA: 5,
  AU: 5,
  PL: 5,
};
// Ages 18-80, most members between 25 and 45.
const AGE_BANDS: [[number, number], number][] = [
  [[18, 24], 15],
  [[25, 34], 30],
  [[35, 44], 25],
  [[45, 54], 17],
  [[55, 64], 9],
  [[65, 80], 4],
];
const ABOUT =
  'I love long walks, good food and honest conversations. Looking for someone who enjoys travelling, laughing ' +
  'about the small things and a quiet evening at home as much as a night out. Friends describe me as curious, ' +
  'caring and a little stubborn. Weekends are for the market, cycling and cooking for people I like. ';

function pick<T>(rng: TRng, entries: [T, number][]): T {
  let r = rng() * entries.reduce((s, [, w]) => s + w, 0);
  for (const [value, w] of entries) if ((r -= w) < 0) return value;
  return entries[entries.length - 1][0];
}

/** Bulk-seeds `count` profiles with photos, accounts and blocks; returns the viewer (a member with blocks both ways). */
export async function seedSearchData(
  pool: pg.Pool,
  siteId: number,
  count: number,
): Promise<{ viewer: number; blocks: number; withPhoto: number }> {
  const rng = seededRandom(20260401);
  faker.seed(20260401);
  const countries = COUNTRIES.map((c) => [c, COUNTRY_WEIGHT[c] ?? 3.5] as [string, number]);
  const today = new Date();
  const createdStart = today.getTime() - 3 * 365 * 86_400_000;
  const cols = {
    id: [] as number[],
    name: [] as string[],
    gender: [] as string[],
    sexuality: [] as string[],
    birth: [] as string[],
    country: [] as string[],
    region: [] as string[],
    city: [] as string[],
    locale: [] as string[],
    about: [] as string[],
    fictional: [] as boolean[],
    status: [] as string[],
    invisible: [] as boolean[],
    created: [] as string[],
  };
  const photo = { profile: [] as number[], key: [] as string[], main: [] as boolean[], position: [] as number[] };
  for (let id = 1; id <= count; id++) {
    const gender = rng() < 0.56 ? 'male' : 'female';
    const country = pick(rng, countries);
    const regions = regionsOf(country, 'en')?.regions ?? [];
    // A few members have not set a region yet.
    const region = rng() < 0.04 || regions.length === 0 ? undefined : regions[Math.floor(rng() * regions.length)];
    const [lo, hi] = pick(rng, AGE_BANDS);
    const age = lo + Math.floor(rng() * (hi - lo + 1));
    const birth = new Date(Date.UTC(today.getUTCFullYear() - age - 1, today.getUTCMonth(), today.getUTCDate() + 1));
    birth.setUTCDate(birth.getUTCDate() + Math.floor(rng() * 365));
    cols.id.push(id);
    cols.name.push(faker.person.firstName(gender));
    cols.gender.push(gender);
    cols.sexuality.push(
      pick(rng, [
        ['straight', 85],
        ['bi', 10],
        [gender === 'male' ? 'gay' : 'lesbian', 5],
      ]),
    );
    cols.birth.push(birth.toISOString().slice(0, 10));
    cols.country.push(country);
    cols.region.push(region?.code ?? '');
    cols.city.push(region?.name ?? '');
    cols.locale.push(COUNTRY_LOCALES[country][0]);
    cols.about.push(ABOUT.repeat(2).slice(0, 120 + Math.floor(rng() * 500)));
    cols.fictional.push(rng() < 0.05);
    cols.status.push(rng() < 0.03 ? 'disabled' : 'active');
    cols.invisible.push(rng() < 0.03);
    cols.created.push(new Date(createdStart + (id / count) * (today.getTime() - createdStart)).toISOString());
    if (rng() < 0.6) {
      // A main photo, and for some members a few more.
      const extra = rng() < 0.4 ? 1 + Math.floor(rng() * 3) : 0;
      for (let position = 0; position <= extra; position++) {
        photo.profile.push(id);
        photo.key.push(randomBytes(16).toString('hex'));
        photo.main.push(position === 0);
        photo.position.push(position);
      }
    }
  }
  const CHUNK = 10_000;
  for (let start = 0; start < count; start += CHUNK) {
    const s = (a: unknown[]) => a.slice(start, start + CHUNK);
    await pool.query(
      `insert into profiles (id, name, gender, sexuality, birth_date, country, region_code, city, locale, about_me,
         is_fictional, status, invisible, created_at)
       select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::date[], $6::text[], $7::text[],
         $8::text[], $9::text[], $10::text[], $11::bool[], $12::text[], $13::bool[], $14::timestamptz[])`,
      [
        cols.id,
        cols.name,
        cols.gender,
        cols.sexuality,
        cols.birth,
        cols.country,
        cols.region,
        cols.city,
        cols.locale,
        cols.about,
        cols.fictional,
        cols.status,
        cols.invisible,
        cols.created,
      ].map(s),
    );
  }
  await pool.query(`select setval(pg_get_serial_sequence('profiles', 'id'), $1)`, [count]);
  // About one interest in eight, drawn per member (the correlated subquery is evaluated for each row).
  await pool.query(
    `update profiles set interests = array(select k from unnest($1::text[]) k where random() < 0.125 + 0 * profiles.id)`,
    [INTERESTS.map(([key]) => key)],
  );
  for (let start = 0; start < photo.profile.length; start += CHUNK) {
    const s = (a: unknown[]) => a.slice(start, start + CHUNK);
    await pool.query(
      `insert into photos (profile_id, file_key, is_main, position, width, height)
       select p, k, m, pos, 640, 640 from unnest($1::int[], $2::text[], $3::bool[], $4::int[]) as t(p, k, m, pos)`,
      [photo.profile, photo.key, photo.main, photo.position].map(s),
    );
  }
  // One in 20 profiles belongs to a member account; the rest are demo and fictional profiles.
  await pool.query(
    `insert into users (site_id, profile_id, email, email_confirmed, password_hash, status, locale)
     select $1, id, 'bench' || id || '@example.com', status = 'active', 'not-a-hash',
       case when status = 'active' then 'active' else 'not_confirmed' end, locale
     from profiles where id % 20 = 0`,
    [siteId],
  );
  // The viewer: a straight man in the US with an account, who blocked the 40 newest visible women in the US and was
  // blocked by 40 women there with accounts, so the block condition changes his results.
  const {
    rows: [{ viewer }],
  } = await pool.query(
    `select max(p.id) as viewer from profiles p join users u on u.profile_id = p.id
     where p.gender = 'male' and p.sexuality = 'straight' and p.country = 'US' and p.status = 'active' and not p.invisible`,
  );
  const visibleUsWomen = `select p.id from profiles p where p.gender = 'female' and p.country = 'US'
    and p.status = 'active' and not p.invisible`;
  await pool.query(
    `insert into blocks (blocker_profile_id, blocked_profile_id)
     select $1, id from (${visibleUsWomen} order by p.id desc limit 40) t`,
    [viewer],
  );
  await pool.query(
    `insert into blocks (blocker_profile_id, blocked_profile_id)
     select id, $1 from (${visibleUsWomen} and exists (select 1 from users u where u.profile_id = p.id)
       order by p.id desc limit 40) t on conflict do nothing`,
    [viewer],
  );
  // Blocks among everyone else: members with accounts block random profiles.
  const blockers: number[] = [];
  const blocked: number[] = [];
  for (let i = 0; i < 10_000; i++) {
    blockers.push(20 * (1 + Math.floor(rng() * (count / 20))));
    blocked.push(1 + Math.floor(rng() * count));
  }
  await pool.query(
    `insert into blocks (blocker_profile_id, blocked_profile_id)
     select b, d from unnest($1::int[], $2::int[]) as t(b, d) where b <> d on conflict do nothing`,
    [blockers, blocked],
  );
  for (const table of ['profiles', 'photos', 'users', 'blocks']) await pool.query(`vacuum (analyze) ${table}`);
  const {
    rows: [{ n }],
  } = await pool.query('select count(*)::int as n from blocks');
  return { viewer: Number(viewer), blocks: n, withPhoto: new Set(photo.profile).size };
}
