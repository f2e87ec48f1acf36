import { useTranslation } from 'react-i18next';
import { Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import { zText } from '#common/text.ts';
import { PageTitle } from '#web/components/page-title.tsx';
import { runAction } from '#web/lib/form/action-result.server.ts';
import { Field } from '#web/lib/form/field.tsx';
import { FormError } from '#web/lib/form/form-error.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { LocationFields } from '#web/features/profile/location-fields.tsx';
import { appContext } from '#web/lib/app-context.ts';
import { readForm } from '#web/lib/form/form-input.server.ts';
import { url } from '#web/lib/url.ts';
import type { Route } from './+types/complete-signup.page';

/** The new member's current basics and the served countries with their regions. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  const basics = await ctx.services.profileBasics.load(user.id);
  const countries = ctx.services.reference.listCountries(ctx.locale).map((c) => {
    const r = ctx.services.reference.regionsOf(c.code, ctx.locale)!;
    return { ...c, labelKey: r.label_key, regions: r.regions };
  });
  return { basics, countries };
}

/** The form as the browser sends it; an absent field reads as empty (the service's ZProfileBasics judges the values). */
const ZCompleteSignupForm = z.object({
  country: zText().default(''),
  region_code: zText().default(''),
  city: zText().default(''),
  about_me: zText().default(''),
});

/** Saves location and about-me, then continues to the site. */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  const input = await readForm(request, ZCompleteSignupForm);
  if (!input.ok) return input.response;
  const result = await runAction(() => ctx.services.profileBasics.save(user.id, input.value));
  if (!result.ok) return result.response;
  throw redirect(url('signup-matches'));
}

/** complete-signup (spec §2): where a new member tells where they live and something about themselves. */
export default function CompleteSignupPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { basics, countries } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  return (
    <section className="container py-5" style={{ maxWidth: 560 }}>
      <PageTitle title={t('complete.title')} />
      <h1 className="h3">{t('complete.title')}</h1>
      <p>{t('complete.intro')}</p>
      <FormError error={result?.error ?? null} />
      <Form method="post" className="card card-body shadow-sm">
        <LocationFields
          countries={countries}
          idPrefix="complete"
          stacked
          initial={{ country: basics?.country ?? '', region_code: basics?.regionCode ?? '', city: basics?.city ?? '' }}
        />
        <Field id="complete-about" label={t('complete.about')}>
          {(wiring) => (
            <textarea
              {...wiring}
              name="about_me"
              className="form-control"
              rows={4}
              maxLength={2000}
              defaultValue={basics?.aboutMe ?? ''}
            />
          )}
        </Field>
        <div className="d-flex justify-content-between align-items-center">
          <Link to={url('index')}>{t('complete.later')}</Link>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('complete.submit')}
          </button>
        </div>
      </Form>
    </section>
  );
}
