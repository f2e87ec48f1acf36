import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, type TPageName } from '#common/routes.ts';
import { isOpenBeforeTerms } from './terms-gate.server.ts';

/** The pages a member may open before answering the terms: the interstitial, its links, deletion, language, emailed links. */
const OPEN: readonly TPageName[] = [
  'accept-terms',
  'settings-delete',
  'account-deleted',
  'lang-config',
  'activate',
  'activate/done',
  'activate/error',
  'reactivate',
  'reset-password',
  'reset-password-do',
  'mail-change/do',
  'mail-change/undo',
  'pages-terms',
  'pages-privacy',
  'pages-cookies',
  'pages-ban',
  'pages-return-policy',
  'pages-faq',
  'pages-service',
  'pages-token',
];

/** A page's path with every `:param` filled (an optional one too). */
const samplePath = (name: TPageName) => PAGE_ROUTES[name].replace(/:(\w+)\??/g, (_m, key: string) => `${key}1`);

describe('pages open before the terms are answered', () => {
  it('opens exactly the interstitial, its linked pages, deletion, the language form and the emailed links', () => {
    const names = Object.keys(PAGE_ROUTES) as TPageName[];
    const open = names.filter((name) => isOpenBeforeTerms(samplePath(name)));
    expect(open.sort()).toEqual([...OPEN].sort());
  });

  it('keeps every path below the emailed links and the static pages open, and nothing else near them', () => {
    const open = [
      '/activate/unknown',
      '/reset-password/unknown',
      '/mail-change/',
      '/mail-change/x/y',
      '/pages/',
      '/pages/a/b',
    ];
    const closed = [
      '/',
      '/pages',
      '/mail-change',
      '/accept-terms/',
      '/accept-terms/x',
      '/settings',
      '/settings/delete/x',
      '/activated',
      '/reset-passwords',
      '/reactivate/x',
      '/lang-config/x',
      '/account-deleted/x',
      '/members/activate',
    ];
    expect(open.filter((path) => !isOpenBeforeTerms(path))).toEqual([]);
    expect(closed.filter((path) => isOpenBeforeTerms(path))).toEqual([]);
  });
});
