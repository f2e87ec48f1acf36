import { withOrientationNiches } from '#common/consents.ts';
import { COUNTRIES } from '#common/locales.ts';
import { type TProfileUpdate, ZProfileUpdate } from '#common/profile-edit.ts';
import type { TCore } from '#server/core.ts';
import type { TDb } from '#server/db/connect.ts';
import type { profiles } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import { parseOrThrow } from '#server/lib/validation.ts';
import { hasLiveConsent } from '../consents/consents.service.ts';
import { regionsOf } from '../reference/reference.service.ts';
import { findProfileOfUser, updateProfile } from './profiles.repository.ts';

/** Throws invalid_request unless the region belongs to the (served) country in the regions dataset. */
export function assertRegion(country: string, regionCode: string): void {
  const regions = COUNTRIES.includes(country) ? regionsOf(country, 'en') : null;
  if (!regions?.regions.some((r) => r.code === regionCode)) {
    throw new AppError('invalid_request', { issues: [{ path: 'region_code', message: 'validation.required' }] });
  }
}

/** Finds a named city in the geocoding dataset (its centre and own spelling), or null when unknown. */
export type TLocateCity = (
  country: string,
  regionCode: string,
  city: string,
) => Promise<{ lat: number; lon: number; city: string } | null>;

/** The coordinates to store with a location: the city's centre, never the member's own position. */
export async function cityCentre(
  locate: TLocateCity | undefined,
  country: string,
  place: { region_code: string; city: string },
) {
  const point = (await locate?.(country, place.region_code, place.city)) ?? null;
  return { lat: point?.lat ?? null, lon: point?.lon ?? null };
}

/**
 * The city to store with its centre: the dataset's spelling of a known city. A city the dataset cannot find is
 * refused (`city_unknown`) when the member changes it or the country; an unchanged legacy city is kept as it is, so
 * members who typed one before cities were picked from the list can still save their other fields.
 */
export async function checkedCity(
  locate: TLocateCity | undefined,
  location: { country: string; region_code: string; city: string },
  stored: { country: string; city: string },
) {
  const found = (await locate?.(location.country, location.region_code, location.city)) ?? null;
  if (found) return { city: found.city, lat: found.lat, lon: found.lon };
  const isChanged = location.city !== stored.city || location.country !== stored.country;
  if (locate && isChanged) {
    throw new AppError('city_unknown', { issues: [{ path: 'city', message: 'errors.city_unknown' }] });
  }
  return { city: location.city, lat: null, lon: null };
}

/** A member's own profile for /profile: every editable attribute (spec §2 profile settings). */
export async function loadMyProfile(db: TDb, userId: number) {
  const p = await findProfileOfUser(db, userId);
  if (!p) throw new AppError('authentication_required');
  return {
    id: p.id,
    name: p.name,
    birth_date: p.birthDate,
    gender: p.gender,
    seeking: p.seeking,
    sexuality: p.sexuality,
    show_sexuality: p.showSexuality,
    orientation_consent: await hasLiveConsent(db, userId, 'orientation'),
    hair_color: p.hairColor,
    eye_color: p.eyeColor,
    body_type: p.bodyType,
    relationship_status: p.relationshipStatus,
    tattoos: p.tattoos,
    height_cm: p.heightCm,
    about_me: p.aboutMe,
    interests: p.interests,
    country: p.country,
    region_code: p.regionCode,
    city: p.city,
  };
}

export type TMyProfile = Awaited<ReturnType<typeof loadMyProfile>>;

/**
 * Updates the profile of an account with a validated location plus other columns (city centre stored, never more);
 * nothing is written when the location is refused.
 */
export async function updateOwnProfile(
  db: TDb,
  update: {
    userId: number;
    location: { country: string; region_code: string; city: string };
    values: Partial<typeof profiles.$inferInsert>;
    locate?: TLocateCity;
  },
): Promise<void> {
  const { userId, location, values, locate } = update;
  const country = location.country.toUpperCase();
  assertRegion(country, location.region_code);
  const current = await findProfileOfUser(db, userId);
  if (!current) throw new AppError('authentication_required');
  await updateProfile(db, current.id, {
    ...values,
    country,
    regionCode: location.region_code,
    ...(await checkedCity(locate, { ...location, country }, current)),
  });
}

/**
 * Saves every attribute at once after validating it; the city is stored in the dataset's spelling (city precision,
 * no coordinates from the browser are ever kept). `locate` finds the city and its own coordinates.
 */
export async function saveMyProfile(
  db: TDb,
  { userId, input, locate }: { userId: number; input: TProfileUpdate; locate?: TLocateCity },
): Promise<void> {
  const v = parseOrThrow(ZProfileUpdate, input);
  const current = await findProfileOfUser(db, userId);
  if (!current) throw new AppError('authentication_required');
  const sexuality = v.sexuality === undefined ? current.sexuality : v.sexuality;
  // Orientation is stored only with its Art. 9 consent; a member asked for it at the terms prompt keeps theirs meanwhile.
  if (sexuality !== null && sexuality !== current.sexuality && !(await hasLiveConsent(db, userId, 'orientation'))) {
    throw new AppError('invalid_request', {
      issues: [{ path: 'sexuality', message: 'consent.orientation_required' }],
    });
  }
  await updateOwnProfile(db, {
    userId,
    location: v,
    values: {
      gender: v.gender,
      ...(v.seeking === undefined ? {} : { seeking: v.seeking }),
      sexuality,
      ...(v.show_sexuality === undefined ? {} : { showSexuality: v.show_sexuality }),
      niches: withOrientationNiches(current.niches, v.gender, sexuality),
      hairColor: v.hair_color,
      eyeColor: v.eye_color,
      bodyType: v.body_type,
      relationshipStatus: v.relationship_status,
      tattoos: v.tattoos,
      heightCm: v.height_cm,
      aboutMe: v.about_me,
      interests: v.interests,
    },
    locate,
  });
}

/** The member's own profile form (/profile): load every editable attribute, save them (the city located by `locate`). */
export function createMyProfileService(core: Pick<TCore, 'db'>, deps: { locate: TLocateCity }) {
  const { db } = core;
  return {
    load: (userId: number): Promise<TMyProfile> => loadMyProfile(db, userId),
    save: (userId: number, input: TProfileUpdate) => saveMyProfile(db, { userId, input, locate: deps.locate }),
  };
}

export type TMyProfileService = ReturnType<typeof createMyProfileService>;
