import { z } from 'zod';
import { LOCALES } from './locales.ts';

/** The kinds a broadcast may be: the opt-in marketing notifications (spec §3, EU marketing consent). */
export const BROADCAST_KINDS = ['promotions', 'news'] as const;
export type TBroadcastKind = (typeof BROADCAST_KINDS)[number];

/** A broadcast's text in one locale: title, plain-text body and the link of its button. */
export const ZBroadcastText = z.object({
  title: z.string().trim().min(1).max(150),
  body: z.string().trim().min(1).max(5000),
  url: z.url({ protocol: /^https?$/ }),
});
export type TBroadcastText = z.infer<typeof ZBroadcastText>;

/**
 * A broadcast's texts per locale; English is required, as members of a locale without its own text get it
 * (scripts/broadcast.ts and the console compose the same shape).
 */
export const ZBroadcastMessages = z
  .partialRecord(z.enum(LOCALES), ZBroadcastText)
  .refine((m) => Boolean(m.en), { message: 'English text (en) is required', path: ['en'] });
export type TBroadcastMessages = z.infer<typeof ZBroadcastMessages>;
