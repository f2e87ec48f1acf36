import { useTranslation } from 'react-i18next';
import { redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { TSignupRequest } from '#common/accounts.ts';
import { TRACKING_KEYS } from '#common/constants.ts';
import { ZSignupBody } from '#common/wire/accounts.ts';
import { PageTitle } from '#web/components/page-title.tsx';
import { runAction } from '#web/lib/form/action-result.server.ts';
import { SignupForm } from '#web/features/accounts/signup/signup-form.tsx';
import { appContext } from '#web/lib/app-context.ts';
import { readJson } from '#web/lib/form/form-input.server.ts';
import { url } from '#web/lib/url.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import type { Route } from './+types/signup.page';

/** Whether signing up is open here (spec §4 signups setting) and the tracking values of the visit. */
export function loader({ context, request }: Route.LoaderArgs) {
  const { user, site, cookies } = context.get(appContext);
  if (user) throw redirect(url('members'));
  const query = new URL(request.url).searchParams;
  const tracking = Object.fromEntries(TRACKING_KEYS.filter((k) => query.get(k)).map((k) => [k, query.get(k)!]));
  const hasSource = Object.keys(tracking).length > 0 || Boolean(cookies.tracking);
  const state =
    site.signups === 'all'
      ? 'open'
      : site.signups === 'with_trafficsource'
        ? hasSource
          ? 'open'
          : 'invite_only'
        : 'closed';
  return { state, tracking, minAge: site.minAge };
}

/** After the answer the page stays on its check-email step. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult && typeof actionResult === 'object' && 'done' in actionResult ? false : defaultShouldRevalidate;
}

/** Signs up through the accounts service; answers the check-email step alike for a new address and a taken one. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  // The signup form posts JSON (useFetcher, encType application/json), checked like POST /api/signup.php: an object
  // here, every field by the accounts service (makeSignupSchema, built from zText).
  const body = await readJson(request, ZSignupBody);
  if (!body.ok) return body.response;
  const input = body.value as TSignupRequest;
  const result = await runAction(async () => {
    // The same per-IP budget as POST /api/signup.php.
    await ctx.services.rateLimits.consume('signup', ctx.ip);
    await ctx.services.rateLimits.consumeTarget('signup', input.email);
    return ctx.services.accounts.signup(input, {
      site: ctx.site,
      locale: ctx.locale,
      country: ctx.services.siteSettings.selectedCountry(ctx.site, ctx.geoCountry, ctx.cookies.country),
      origin: ctx.origin,
      userAgent: ctx.userAgent,
      hasTrafficSource: Boolean(ctx.cookies.tracking) || TRACKING_KEYS.some((k) => input.tracking?.[k]),
      geoCountry: ctx.geoCountry,
      ip: ctx.ip,
    });
  });
  if (!result.ok) return result.response;
  // No session: the same answer whether the address was new or already had an account.
  return { done: true as const, email: result.value.email };
}

export default function SignupPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const { state, tracking, minAge } = loaderData;
  return (
    <section className="container py-5" style={{ maxWidth: 560 }}>
      <PageTitle title={t('signup.title')} />
      <h1 className="h3 mb-3">{t('signup.title')}</h1>
      {state === 'open' ? (
        <SignupForm minAge={minAge} tracking={tracking} />
      ) : (
        <div className="alert alert-info" role="status">
          {state === 'invite_only' ? t('signup.invite_only', { site: root?.site.name }) : t('errors.signups_closed')}
        </div>
      )}
    </section>
  );
}
