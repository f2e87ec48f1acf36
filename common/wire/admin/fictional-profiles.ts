import { z } from 'zod';
import { defineEndpoint } from '#common/endpoint.ts';
import { LOCALES } from '#common/locales.ts';
import { GENDERS, SEXUALITIES } from '#common/profile-attributes.ts';
import { ZProfileUpdate } from '#common/profile-edit.ts';
import { zText } from '#common/text.ts';

/** Longest name of a fictional profile. */
export const FICTIONAL_NAME_MAX = 40;
/** Fictional profiles per page of their list in the console. */
export const FICTIONAL_PAGE_SIZE = 30;

const zId = z.coerce.number().int().positive();
/** The URLs of a stored photo. */
export const ZPhotoUrls = z.object({ filename: z.string(), thumb_filename: z.string() });

/** A photo of a fictional profile. */
export const ZFictionalPhoto = ZPhotoUrls.extend({ id: z.string(), isMain: z.boolean() });

/** The attributes a fictional profile is made of: the member's profile form plus name, birth date and orientation. */
export const ZFictionalProfileFields = ZProfileUpdate.omit({ show_sexuality: true }).extend({
  name: zText().trim().min(1, 'validation.required').max(FICTIONAL_NAME_MAX, 'validation.required'),
  birth_date: z.iso.date('validation.required'),
  sexuality: z.enum(SEXUALITIES, 'validation.choose_option'),
  gender: z.enum(GENDERS, 'validation.choose_gender'),
  locale: z.enum(LOCALES, 'validation.choose_option'),
  /** The niches it is listed in (1–7); empty means the site's own niche. */
  niches: z.array(z.number().int().min(1).max(7)).max(7).default([]),
});

/** A fictional profile as the editor shows it. */
export const ZFictionalProfile = z.object({
  id: z.number().int(),
  siteId: z.number().int().nullable(),
  hidden: z.boolean(),
  name: z.string(),
  birth_date: z.string(),
  gender: z.enum(GENDERS),
  sexuality: z.enum(SEXUALITIES).nullable(),
  locale: z.string(),
  niches: z.array(z.number().int()),
  hair_color: z.string().nullable(),
  eye_color: z.string().nullable(),
  body_type: z.string().nullable(),
  relationship_status: z.string().nullable(),
  tattoos: z.string().nullable(),
  height_cm: z.number().int().nullable(),
  about_me: z.string(),
  interests: z.array(z.string()),
  country: z.string(),
  region_code: z.string(),
  city: z.string(),
  photos: z.array(ZFictionalPhoto),
});

/** One row of the list of fictional profiles. */
export const ZFictionalListItem = z.object({
  id: z.number().int(),
  siteId: z.number().int().nullable(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: z.enum(GENDERS),
  city: z.string(),
  country: z.string(),
  hidden: z.boolean(),
  photo: ZPhotoUrls.nullable(),
  waiting: z.number().int(),
});

export const ZFictionalListQuery = z.object({
  siteId: zId.optional(),
  q: zText().trim().max(FICTIONAL_NAME_MAX).optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export const ZFictionalList = z.object({
  items: z.array(ZFictionalListItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export type TFictionalProfile = z.infer<typeof ZFictionalProfile>;
export type TFictionalProfileFields = z.input<typeof ZFictionalProfileFields>;
export type TFictionalListItem = z.infer<typeof ZFictionalListItem>;
export type TFictionalList = z.infer<typeof ZFictionalList>;

const PROFILE_EDITORS = { roles: ['host', 'admin'] } as const;
const tags = ['admin', 'hosts'];

/** Fictional profiles in the console (issue 30): hosts and admins create, edit and hide them per site. */
export const fictionalProfilesApi = {
  profiles: defineEndpoint({
    method: 'GET',
    path: '/api/admin/hosts/profiles',
    tags,
    summary: 'Fictional profiles, by site and name',
    query: ZFictionalListQuery,
    response: ZFictionalList,
    staff: PROFILE_EDITORS,
  }),
  profile: defineEndpoint({
    method: 'GET',
    path: '/api/admin/hosts/profile',
    tags,
    summary: 'One fictional profile for the editor',
    query: z.object({ profileId: zId }),
    response: ZFictionalProfile,
    staff: PROFILE_EDITORS,
  }),
  createProfile: defineEndpoint({
    method: 'POST',
    path: '/api/admin/hosts/profile-create',
    tags,
    summary: 'Create a fictional profile on a site',
    body: ZFictionalProfileFields.extend({ siteId: zId }),
    response: ZFictionalProfile,
    status: 201,
    staff: PROFILE_EDITORS,
  }),
  updateProfile: defineEndpoint({
    method: 'POST',
    path: '/api/admin/hosts/profile-update',
    tags,
    summary: 'Edit a fictional profile',
    body: ZFictionalProfileFields.extend({ profileId: zId }),
    response: ZFictionalProfile,
    staff: PROFILE_EDITORS,
  }),
  hideProfile: defineEndpoint({
    method: 'POST',
    path: '/api/admin/hosts/profile-hide',
    tags,
    summary: 'Hide a fictional profile from members (or show it again)',
    body: z.object({ profileId: zId, hidden: z.boolean() }),
    response: ZFictionalProfile,
    staff: PROFILE_EDITORS,
  }),
  uploadPhoto: defineEndpoint({
    method: 'POST',
    path: '/api/admin/hosts/profile-photo',
    tags,
    summary: 'Add a photo to a fictional profile (the profile in the query, the file as multipart field "photo")',
    query: z.object({ profileId: zId }),
    body: 'multipart',
    response: ZFictionalProfile,
    status: 201,
    staff: PROFILE_EDITORS,
  }),
  photo: defineEndpoint({
    method: 'POST',
    path: '/api/admin/hosts/profile-photo-change',
    tags,
    summary: "Make one of a fictional profile's photos the main one, or delete it",
    body: z.object({ profileId: zId, photoId: z.uuid(), action: z.enum(['main', 'remove']) }),
    response: ZFictionalProfile,
    staff: PROFILE_EDITORS,
  }),
};
