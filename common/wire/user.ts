import { z } from 'zod';

/** The `user` field of `GET/POST /api/user.php` (spec §3 User). */
export const ZUser = z.object({
  id: z.number().int(),
  email: z.string(),
  email_confirmed: z.boolean(),
  status: z.string(),
  credits: z.number().int(),
  paid_user: z.boolean(),
  signup_date: z.string(),
  locale: z.string(),
  invisible: z.boolean(),
  fictional_icon: z.boolean(),
  notifications_disabled: z.array(z.string()),
  email_disabled_reason: z.string().nullable(),
  /** Whether the member went through (or skipped) the welcome steps after activation (photo, about me, interests). */
  onboarded: z.boolean(),
  profile: z.object({
    id: z.number().int(),
    name: z.string(),
    country: z.string(),
    status: z.string(),
    main_image: z.object({ filename: z.string(), thumb_filename: z.string() }).nullable(),
  }),
});

export type TUser = z.infer<typeof ZUser>;

export const ZUserResponse = z.object({ user: ZUser.nullable() });
