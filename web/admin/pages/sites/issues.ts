import type { TFunction } from 'i18next';
import { ApiError } from '#web/lib/api-client.ts';

/** Field issues of a refused save, by field path (the message is a console catalogue key when the server made it). */
export type TIssues = Record<string, string>;

/** The field issues of a failed call (none when it failed otherwise). */
export function issuesOf(err: unknown): TIssues {
  if (!(err instanceof ApiError)) return {};
  const list = (err.data as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? [];
  return Object.fromEntries(list.map((i) => [i.path.split(/[.:]/)[0] || '_', i.message]));
}

/** A field issue as text: the server's catalogue key, else the generic "check this field". */
export function issueText(t: TFunction<'admin'>, message: string): string {
  return message.startsWith('sites.') ? t(message) : t('sites.error.invalid');
}
