import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

type TTree = { [key: string]: string | TTree };

/** Reads a catalogue text, so journeys assert the real translation of each locale. */
export function text(lng: string, key: string): string {
  const tree = JSON.parse(fs.readFileSync(path.resolve('locales', `${lng}.json`), 'utf8')) as TTree;
  const value = key.split('.').reduce<string | TTree>((node, part) => (node as TTree)[part], tree);
  if (typeof value !== 'string') throw new Error(`No text ${lng}:${key}`);
  return value;
}

/** Saves a screenshot under test-results/screens for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join('test-results', 'screens', `${name}.png`), fullPage: true });
}

/** Marks the entry warning as dismissed before the page loads. */
export async function dismissEntryWarning(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('site-entry-warning-dismissed', String(Date.now())));
}
