import { describe, expect, it } from 'vitest';
import { HIDDEN_ALERTS_SCRIPT } from './hidden-alerts-script.ts';
import { SiteEntryWarning } from './site-entry-warning.tsx';
import { i18n, serverRender, testRootData, testUser } from '../test/server-render.tsx';

const visitorRoot = (entryPopup: 'yes' | 'no', geoCountry: string | null = 'NL') => ({
  ...testRootData(null),
  geoCountry,
  site: { ...testRootData(null).site, entryPopup },
});

describe('the site-entry warning as the server renders it (issue 32: it is the first paint, not after the scripts)', () => {
  it('is in the HTML of a visitor page, a modal dialog whose enter button waits for the JavaScript', () => {
    const html = serverRender(() => <SiteEntryWarning />, visitorRoot('yes') as never);
    expect(html).toContain('role="dialog"');
    expect(html).toContain('aria-modal="true"');
    expect(html).toContain(i18n.t('entry_warning.title'));
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>I am 18 or older, enter<\/button>/);
  });

  it('is not rendered for a member, on a site without it, or on a restricted layout outside NL and DE', () => {
    expect(serverRender(() => <SiteEntryWarning />, testRootData(testUser()))).not.toContain('role="dialog"');
    expect(serverRender(() => <SiteEntryWarning />, visitorRoot('no') as never)).not.toContain('role="dialog"');
    expect(serverRender(() => <SiteEntryWarning restricted />, visitorRoot('yes', 'US') as never)).not.toContain(
      'role="dialog"',
    );
    expect(serverRender(() => <SiteEntryWarning restricted />, visitorRoot('yes', 'DE') as never)).toContain(
      'role="dialog"',
    );
  });
});

describe("the head script's mark for the entry warning", () => {
  /** Runs the script against a document and a storage of its own; returns <html data-entry-warning>. */
  const run = (stored: Record<string, string>, standalone = false) => {
    const attributes = new Map<string, string>();
    const globals = {
      localStorage: { getItem: (key: string) => stored[key] ?? null },
      document: { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } },
      window: { matchMedia: () => ({ matches: standalone }), isSecureContext: false },
      navigator: {},
    };
    new Function(...Object.keys(globals), HIDDEN_ALERTS_SCRIPT)(...Object.values(globals));
    return attributes.get('data-entry-warning') ?? null;
  };

  it('hides it before the first paint where this browser dismissed it or runs the installed app, and not otherwise', () => {
    expect(run({})).toBeNull();
    expect(run({ 'site-entry-warning-dismissed': String(Date.now()) })).toBe('hidden');
    expect(run({}, true)).toBe('hidden');
  });
});
