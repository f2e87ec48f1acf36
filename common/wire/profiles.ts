import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZProfileUpdate } from '../profile-edit.ts';

export { ZProfileUpdate } from '../profile-edit.ts';

/** The logged-in member's own profile as `/api/profile.php` answers it (spec §2 profile settings). */
export const ZMyProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  birth_date: z.string(),
  gender: z.string(),
  /** Whom the member looks for (male, female, both); null for an account from before it was stored. */
  seeking: z.string().nullable(),
  sexuality: z.string().nullable(),
  /** Whether the member shows their orientation on their profile (to logged-in members only). */
  show_sexuality: z.boolean(),
  /** Whether the member has a live consent to the processing of their orientation (required to set it). */
  orientation_consent: z.boolean(),
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
});

/** `GET`/`PUT /api/profile.php` answer. */
export const ZMyProfileResponse = z.object({ profile: ZMyProfile });

/** `POST`/`DELETE /api/block.php` body: the member to block or unblock. */
export const ZBlockRequest = z.object({ profile_id: z.number().int().positive() });

export type TMyProfile = z.infer<typeof ZMyProfile>;
export type TMyProfileResponse = z.infer<typeof ZMyProfileResponse>;
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

/** The member's own profile, and blocks (spec §2 profile settings, §6). */
export const profilesApi = {
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/profile.php',
    tags: ['profiles'],
    summary: 'My profile',
    response: ZMyProfileResponse,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/profile.php',
    tags: ['profiles'],
    summary: 'Save my profile attributes, about-me, interests and location',
    body: ZProfileUpdate,
    response: ZMyProfileResponse,
  }),
  block: defineEndpoint({
    method: 'POST',
    path: '/api/block.php',
    tags: ['profiles'],
    summary: 'Block a member',
    body: ZBlockRequest,
    response: null,
  }),
  unblock: defineEndpoint({
    method: 'DELETE',
    path: '/api/block.php',
    tags: ['profiles'],
    summary: 'Unblock a member',
    body: ZBlockRequest,
    response: null,
  }),
};
