import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { createI18n } from '#common/i18n.ts';
import type { TUser } from '#common/wire/user.ts';
import en from '#locales/en.json';
import type { TRootData } from '../lib/root-data.ts';

/** The English catalogue's translator, for expected texts. */
export const i18n = createI18n('en', en);

/** Unmistakable disclosure texts, so a test sees which of the three a page shows. */
export const FICTIONAL_TEXTS = {
  warning: 'TEST-FICTIONAL-WARNING',
  singular: 'TEST-FICTIONAL-SINGULAR',
  plural: 'TEST-FICTIONAL-PLURAL',
} as const;

/** A logged-in member's User; `fictional_icon` as given. */
export function testUser(fictionalIcon = true): TUser {
  return {
    id: 1,
    email: 'anna@example.com',
    email_confirmed: true,
    onboarded: true,
    status: 'active',
    credits: 10,
    paid_user: false,
    signup_date: '2026-11-01T00:00:00.000Z',
    locale: 'en',
    invisible: false,
    fictional_icon: fictionalIcon,
    notifications_disabled: [],
    email_disabled_reason: null,
    profile: { id: 1, name: 'anna', country: 'NL', status: 'active', main_image: null },
  };
}

/** Root data of a site with the test disclosure texts; `user` null for a visitor. */
export function testRootData(user: TUser | null, siteIcon = true): TRootData {
  return {
    locale: 'en',
    locales: ['en'],
    geoCountry: 'NL',
    site: {
      name: 'Amora',
      domain: 'localhost',
      niche: 1,
      indexTitle: 'Amora',
      description: '',
      supportEmail: 'support@example.com',
      supportPhone: '',
      minAge: 18,
      entryPopup: 'no',
      signups: 'all',
      entryCountries: [],
      fictionalWarning: FICTIONAL_TEXTS.warning,
      fictionalSingular: FICTIONAL_TEXTS.singular,
      fictionalPlural: FICTIONAL_TEXTS.plural,
      fictionalIcon: siteIcon,
    },
    company: { name: 'Amora Media', address: 'Street 1', city: 'Amsterdam', country: 'Netherlands' },
    user,
  };
}

/** A member card as lists carry it. */
export function testCard(id: number, isFictional: boolean) {
  return {
    id,
    name: isFictional ? `Fictia${id}` : `Real${id}`,
    gender: 'female',
    age: 30,
    city: 'Utrecht',
    country: 'NL',
    country_name: 'Netherlands',
    is_fictional: isFictional,
    main_image: null,
    about_me: '',
    interests: [],
    locale: 'en',
  };
}

/** The profile screen's `profile` for a card: its photos, and every attribute left out. */
export function testProfile<TCardIn extends { id: number }, TPhoto>(card: TCardIn, photos: TPhoto[] = []) {
  return {
    ...card,
    photos,
    region_name: '',
    distance: null,
    hidden_reason: null,
    sexuality: null,
    relationship_status: null,
    body_type: null,
    hair_color: null,
    eye_color: null,
    tattoos: null,
    height_cm: null,
  };
}

/** Renders a component the way the server does: inside a router whose root route holds the root data. */
export function serverRender(Page: ComponentType, root: TRootData, routeId = 'root'): string {
  const routes =
    routeId === 'root'
      ? [{ id: 'root', path: '/', Component: Page }]
      : [{ id: 'root', path: '/', children: [{ id: routeId, index: true, Component: Page }] }];
  const Stub = createRoutesStub(routes);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={['/']} hydrationData={{ loaderData: { root } }} />
    </I18nextProvider>,
  );
}

/** The accessible fictional icon as rendered: role img with the localized label. */
export const ICON_MARKUP = `role="img" aria-label="${i18n.t('fictional.icon_label')}"`;
