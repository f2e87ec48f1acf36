import { useTranslation } from 'react-i18next';
import { Form, redirect, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, LOCALE_NAMES, LOCALES } from '#common/locales.ts';
import { zText } from '#common/text.ts';
import { PageTitle } from '#web/components/page-title.tsx';
import { ChoiceField, Field } from '#web/lib/form/field.tsx';
import { FormError } from '#web/lib/form/form-error.tsx';
import { appContext } from '#web/lib/app-context.ts';
import { readForm } from '#web/lib/form/form-input.server.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import type { Route } from './+types/lang-config.page';
import { url } from '#web/lib/url.ts';

/** Countries to choose from and the current choice. */
export function loader({ context }: Route.LoaderArgs) {
  const { site, locale, geoCountry, cookies, services } = context.get(appContext);
  return {
    countries: services.reference.listCountries(locale),
    country: services.siteSettings.selectedCountry(site, geoCountry, cookies.country),
  };
}

/** The form as the browser sends it; a value that is not a language or country of the site is left unsaved. */
const ZLangConfigForm = z.object({ lang: zText().default(''), country: zText().default('') });

/** Saves language and country in cookies (365 days) and returns to the page with a confirmation. */
export async function action({ request, context }: Route.ActionArgs) {
  const input = await readForm(request, ZLangConfigForm);
  if (!input.ok) return input.response;
  const lng = input.value.lang;
  const country = input.value.country.toUpperCase();
  const { locale, services } = context.get(appContext);
  const countries = services.reference.listCountries(locale).map((c) => c.code);
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  const attrs = `Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
  const headers = new Headers();
  if (isLocale(lng)) headers.append('Set-Cookie', `${LOCALE_COOKIE}=${lng}; ${attrs}`);
  if (countries.includes(country)) headers.append('Set-Cookie', `country=${country}; ${attrs}`);
  return redirect(url('lang-config', {}, { saved: 1 }), { headers });
}

export default function LangConfigPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
  const saved = typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('saved');
  return (
    <section className="container py-4" style={{ maxWidth: 640 }}>
      <PageTitle title={t('lang_config.title')} />
      <h1 className="mb-3">{t('lang_config.title')}</h1>
      <p>{t('lang_config.intro')}</p>
      {saved && navigation.state === 'idle' ? (
        <div className="alert alert-success" role="status">
          {t('lang_config.saved')}
        </div>
      ) : null}
      <FormError error={result?.error ?? null} />
      <Form method="post" className="card card-body">
        <ChoiceField
          id="lang"
          name="lang"
          legend={t('lang_config.language')}
          variant="columns"
          options={LOCALES.map((lng) => [lng, <span lang={lng}>{LOCALE_NAMES[lng]}</span>] as const)}
          defaultValue={root?.locale}
        />
        <Field id="country" label={t('lang_config.country')}>
          {(wiring) => (
            <select {...wiring} name="country" className="form-select" defaultValue={loaderData.country}>
              {loaderData.countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="btn btn-primary align-self-start" disabled={navigation.state !== 'idle'}>
          {t('lang_config.save')}
        </button>
      </Form>
    </section>
  );
}
