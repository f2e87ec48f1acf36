import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AUTH_COOKIE_MAX_AGE_S,
  DATA_EXPORT_DAYS,
  DATA_EXPORTS_PER_DAY,
  DELETION_GRACE_DAYS,
  MAIL_UNDO_LINK_HOURS,
  SESSION_SEEN_EVERY_MS,
} from '#common/constants.ts';
import { LOCALES } from '#common/locales.ts';

/**
 * The privacy page's paragraphs that open with a bold lead (not list items), in page order: under "Your rights" the
 * data download and erasure, under "Security" the sessions and the changes of login details ("Done when").
 */
async function leadParagraphs(locale: string): Promise<string[]> {
  const page = await fs.readFile(path.join(import.meta.dirname, '../../../content', locale, 'privacy.md'), 'utf8');
  return page.split('\n').filter((line) => line.startsWith('**'));
}

const numbers = (text: string) => text.match(/\d+/g) ?? [];

describe('the privacy page describes the data download, sessions and login changes as the code does', () => {
  it.each([...LOCALES])('%s: each figure of common/constants.ts in its paragraph', async (locale) => {
    const paragraphs = await leadParagraphs(locale);
    expect(paragraphs).toHaveLength(4);
    const [download, erasure, sessions, loginChanges] = paragraphs;

    // The archive: ZIP of JSON files, downloadable for DATA_EXPORT_DAYS, DATA_EXPORTS_PER_DAY per 24 hours.
    expect(download).toContain('ZIP');
    expect(download).toContain('JSON');
    expect(numbers(download)).toEqual(
      expect.arrayContaining([String(DATA_EXPORT_DAYS), String(DATA_EXPORTS_PER_DAY), '24']),
    );

    expect(numbers(erasure)).toContain(String(DELETION_GRACE_DAYS));

    // Sessions: the user agent, 'last used' written at most every few minutes, ended after the cookie's lifetime.
    expect(sessions.toLowerCase().replace('-', ' ')).toContain('user agent');
    expect(numbers(sessions)).toEqual(
      expect.arrayContaining([String(SESSION_SEEN_EVERY_MS / 60_000), String(AUTH_COOKIE_MAX_AGE_S / 86_400)]),
    );

    // The undo link sent to the previous address is valid for MAIL_UNDO_LINK_HOURS, stated in days.
    expect(numbers(loginChanges)).toContain(String(MAIL_UNDO_LINK_HOURS / 24));
  });
});
