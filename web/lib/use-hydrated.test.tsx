import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from '#common/i18n.ts';
import en from '#locales/en.json';
import { LikeButton } from '../features/likes/like-button.tsx';
import DeleteAccountPage from '../pages/settings/delete-account.page.tsx';
import LoginPage from '../pages/login/login.page.tsx';
import MemberProfilePage from '../pages/members-id/members-id.page.tsx';
import { LiveButton } from '../components/live-button.tsx';
import { useHydrated } from './use-hydrated.ts';

// Only the fields these pages read are given.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TPageProps = any;

const i18n = createI18n('en', en);
const t = i18n.t;

const rootData = {
  locale: 'en',
  locales: ['en'],
  geoCountry: 'NL',
  site: { name: 'Amora', minAge: 18, fictionalWarning: '', entryCountries: [], signups: 'all', entryPopup: 'no' },
  company: { name: '', address: '', city: '', country: '' },
  user: { profile: { id: 1, name: 'anna', main_image: null }, credits: 0, paid_user: false, email: 'a@example.com' },
};

/** Renders a page the way the server does: inside a router whose root route holds the root data. */
function serverRender(Page: ComponentType, options: { actionData?: unknown } = {}): string {
  const Stub = createRoutesStub([{ id: 'root', path: '/', Component: Page, action: () => null }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub
        initialEntries={['/']}
        hydrationData={{
          loaderData: { root: rootData },
          ...(options.actionData ? { actionData: { root: options.actionData } } : {}),
        }}
      />
    </I18nextProvider>,
  );
}

/** The opening tag of the button whose text (or aria-label) is `label`. */
function buttonTag(html: string, label: string): string {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`<button[^>]*>(?:(?!</button>).)*${escaped}`, 's').exec(html);
  if (!match) throw new Error(`No button "${label}" in ${html}`);
  return match[0].slice(0, match[0].indexOf('>') + 1);
}

describe('no click is lost before hydration: JavaScript buttons are disabled in the server markup', () => {
  it('useHydrated is false while rendering on the server', () => {
    function Probe() {
      return <p>{useHydrated() ? 'hydrated' : 'server'}</p>;
    }
    expect(renderToString(<Probe />)).toBe('<p>server</p>');
  });

  it('LiveButton: disabled in the server markup, a plain button otherwise (type, label, handler attributes kept)', () => {
    const html = renderToString(
      <LiveButton className="btn btn-link" aria-label="Delete" disabled={false}>
        ✕
      </LiveButton>,
    );
    expect(html).toBe('<button type="button" class="btn btn-link" aria-label="Delete" disabled="">✕</button>');
    expect(renderToString(<LiveButton type="submit">Go</LiveButton>)).toMatch(
      /^<button type="submit"[^>]* disabled=""/,
    );
  });

  it('account deletion: the STAY- retention code, invisible mode and continue buttons', () => {
    const html = serverRender(() => <DeleteAccountPage {...({ loaderData: { deleteDiscount: 50 } } as TPageProps)} />);
    expect(buttonTag(html, t('delete.discount_cta', { percent: 50 }))).toMatch(/ disabled=""/);
    expect(buttonTag(html, t('delete.offer_invisible'))).toMatch(/ disabled=""/);
    expect(buttonTag(html, t('delete.continue'))).toMatch(/ disabled=""/);
  });

  it('a profile: the block, like and report buttons', () => {
    const profile = {
      id: 2,
      name: 'ben',
      age: 30,
      city: 'Utrecht',
      region_name: '',
      country_name: 'Netherlands',
      photos: [],
      interests: [],
      is_fictional: false,
    };
    const loaderData = {
      profile,
      related: [],
      blockedByMe: false,
      canBlock: true,
      like: { liked: false, likedBy: false },
    };
    const html = serverRender(() => <MemberProfilePage {...({ loaderData } as TPageProps)} />);
    expect(buttonTag(html, t('profile.block'))).toMatch(/ disabled=""/);
    expect(buttonTag(html, t('likes.like'))).toMatch(/ disabled=""/);
    expect(buttonTag(html, t('reports.button'))).toMatch(/ disabled=""/);
  });

  it('a like button on its own', () => {
    const html = serverRender(() => (
      <LikeButton profile={{ id: 2, name: 'ben', main_image: null }} liked={false} likedBy={false} />
    ));
    expect(buttonTag(html, t('likes.like'))).toMatch(/ disabled=""/);
  });

  it('login: the reactivation button of an account pending deletion, while the login form posts without JavaScript', () => {
    const html = serverRender(LoginPage, { actionData: { error: { code: 'account_pending_deletion', data: {} } } });
    expect(buttonTag(html, t('auth.login.reactivate'))).toMatch(/ disabled=""/);
    expect(html).toMatch(/<form[^>]* method="post"/);
    expect(buttonTag(html, t('auth.login.submit'))).not.toMatch(/ disabled=""/);
  });
});
