import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONSENT_PROOF_RETENTION_YEARS,
  DELETION_GRACE_DAYS,
  DEV_MAILBOX_RETENTION_DAYS,
  FINISHED_JOB_RETENTION_DAYS,
  IP_RETENTION_DAYS,
  LOGIN_ATTEMPT_RETENTION_DAYS,
  NOTIFICATION_LOG_RETENTION_DAYS,
  PAYMENT_RETENTION_YEARS,
  RETENTION_INTERVAL_HOURS,
  SEPA_MANDATE_RETENTION_DAYS,
} from '#common/constants.ts';
import { LOCALES } from '#common/locales.ts';

/** The privacy page's closing section, which lists the storage limits. */
async function retentionSection(locale: string): Promise<string> {
  const page = await fs.readFile(path.join(import.meta.dirname, '../../../content', locale, 'privacy.md'), 'utf8');
  return page.slice(page.lastIndexOf('\n## '));
}

describe('the privacy page states the storage limits the code applies', () => {
  it.each([...LOCALES])('%s: each period of common/constants.ts, in its closing section', async (locale) => {
    const section = await retentionSection(locale);
    const numbers = section.match(/\d+/g) ?? [];
    // The page speaks of days, years and months; the constants hold the same periods.
    const sepaMonths = Math.round(SEPA_MANDATE_RETENTION_DAYS / 30.4);
    for (const n of [
      DELETION_GRACE_DAYS,
      PAYMENT_RETENTION_YEARS,
      CONSENT_PROOF_RETENTION_YEARS,
      LOGIN_ATTEMPT_RETENTION_DAYS,
      IP_RETENTION_DAYS,
      sepaMonths,
      FINISHED_JOB_RETENTION_DAYS,
      DEV_MAILBOX_RETENTION_DAYS,
      NOTIFICATION_LOG_RETENTION_DAYS,
    ])
      expect(numbers, `${locale}: ${n}`).toContain(String(n));
    // Each list item is one limit; the run is daily.
    expect(section.split('\n- ').length - 1).toBe(10);
    expect(RETENTION_INTERVAL_HOURS).toBe(24);
  });
});
