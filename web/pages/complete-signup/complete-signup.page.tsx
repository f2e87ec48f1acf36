import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, redirect, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import { INTERESTS } from '#common/profile-attributes.ts';
import { INTERESTS_MAX } from '#common/profile-edit.ts';
import { zText } from '#common/text.ts';
import { PageTitle } from '#web/components/page-title.tsx';
import { PhotoManager } from '#web/features/photos/photo-manager.tsx';
import { LocationFields } from '#web/features/profile/location-fields.tsx';
import { appContext } from '#web/lib/app-context.ts';
import { runAction } from '#web/lib/form/action-result.server.ts';
import { Field } from '#web/lib/form/field.tsx';
import { FormError } from '#web/lib/form/form-error.tsx';
import { readForm } from '#web/lib/form/form-input.server.ts';
import { requireMember } from '#web/lib/require-user.server.ts';
import { url } from '#web/lib/url.ts';
import type { Route } from './+types/complete-signup.page';

/** The welcome steps after activation, in order; each can be skipped, the last one leads to search. */
const STEPS = ['photo', 'about', 'interests'] as const;
type TStep = (typeof STEPS)[number];

/** The step a query asks for (the first one when it names none). */
const stepOf = (request: Request): TStep => {
  const asked = new URL(request.url).searchParams.get('step');
  return (STEPS as readonly string[]).includes(asked ?? '') ? (asked as TStep) : 'photo';
};

/** The address of a welcome step. */
const stepUrl = (step: TStep) => url('complete-signup', {}, { step });

/** The new member's photos, basics and interests, and the served countries with their regions. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  const step = stepOf(request);
  const [basics, photos] = await Promise.all([
    ctx.services.profileBasics.load(user.id),
    step === 'photo' ? ctx.services.photos.mine(user.profile.id, ctx.site.cdnPrefix, user.paid_user) : null,
  ]);
  const countries =
    step === 'about'
      ? ctx.services.reference.listCountries(ctx.locale).map((c) => {
          const r = ctx.services.reference.regionsOf(c.code, ctx.locale)!;
          return { ...c, labelKey: r.label_key, regions: r.regions };
        })
      : [];
  return { step, basics, photos, countries, isPremium: user.paid_user };
}

/** The forms of the steps as the browser sends them; an absent field reads as empty (the services judge the values). */
const ZCompleteSignupForm = z.object({
  intent: z.enum(['about', 'interests', 'skip', 'finish']),
  step: z.enum(STEPS).default('photo'),
  country: zText().default(''),
  region_code: zText().default(''),
  city: zText().default(''),
  about_me: zText().default(''),
  interests: z.union([zText(), z.array(zText())]).default([]),
});

/**
 * Saves a step and goes to the next one; skipping goes on without saving. After the last step (or "later") the
 * member is marked as welcomed, server side, so the steps are asked once, and goes to search.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  const input = await readForm(request, ZCompleteSignupForm);
  if (!input.ok) return input.response;
  const v = input.value;
  if (v.intent === 'about') {
    const result = await runAction(() =>
      ctx.services.profileBasics.save(user.id, {
        country: v.country,
        region_code: v.region_code,
        city: v.city,
        about_me: v.about_me,
      }),
    );
    if (!result.ok) return result.response;
  }
  if (v.intent === 'interests') {
    const list = typeof v.interests === 'string' ? [v.interests] : v.interests;
    const result = await runAction(() => ctx.services.profileBasics.saveInterests(user.id, list));
    if (!result.ok) return result.response;
  }
  const next = STEPS[STEPS.indexOf(v.step) + 1];
  if (v.intent !== 'finish' && next) throw redirect(stepUrl(next));
  await ctx.services.accounts.finishOnboarding(user.id);
  throw redirect(url('members'));
}

/**
 * complete-signup (spec §2), the welcome after activation and on a new member's first login: add a photo, say
 * something about yourself (with where you live), pick interests; each skippable, then search.
 */
export default function CompleteSignupPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { step, basics, photos, countries, isPremium } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const index = STEPS.indexOf(step);
  const issues = (result?.error?.data?.issues ?? []) as { path: string; message: string }[];
  const title = step === 'about' ? t('complete.title') : t(`complete.steps.${step}_title`);
  const intro = step === 'about' ? t('complete.intro') : t(`complete.steps.${step}_intro`);
  /** The step's own buttons: skip (or continue) and the step's save, plus "later" to leave the welcome for good. */
  const actions = (save: string | null) => (
    <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mt-3">
      <button
        type="submit"
        name="intent"
        value="skip"
        className={save ? 'btn btn-link px-0' : 'btn btn-primary ms-auto'}
        disabled={busy}
        formNoValidate
      >
        {save ? t('complete.skip') : t('common.continue')}
      </button>
      {save ? (
        <button type="submit" name="intent" value={step} className="btn btn-primary" disabled={busy}>
          {save}
        </button>
      ) : null}
    </div>
  );
  return (
    <section className="container py-4 py-md-5" style={{ maxWidth: 640 }}>
      <PageTitle title={title} />
      <p className="text-body-secondary small mb-1">{t('signup.step_of', { step: index + 1, total: STEPS.length })}</p>
      <h1 className="h3">{title}</h1>
      <p>{intro}</p>
      <FormError error={result?.error ?? null} />
      {step === 'photo' && photos ? (
        <>
          <PhotoManager initial={photos} isPremium={isPremium} />
          <Form method="post">
            <input type="hidden" name="step" value="photo" />
            {actions(null)}
          </Form>
        </>
      ) : null}
      {step === 'about' ? (
        <Form method="post" className="card card-body shadow-sm">
          <input type="hidden" name="step" value="about" />
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
          <LocationFields
            countries={countries}
            idPrefix="complete"
            stacked
            initial={{
              country: basics?.country ?? '',
              region_code: basics?.regionCode ?? '',
              city: basics?.city ?? '',
            }}
            cityIssue={issues.find((i) => i.path === 'city')?.message}
          />
          {actions(t('complete.submit'))}
        </Form>
      ) : null}
      {step === 'interests' ? <InterestsStep initial={basics?.interests ?? []} actions={actions} /> : null}
      <Form method="post" className="mt-4 text-center">
        <input type="hidden" name="step" value={step} />
        <button type="submit" name="intent" value="finish" className="btn btn-link btn-sm" disabled={busy}>
          {t('complete.later')}
        </button>
      </Form>
    </section>
  );
}

/** The interests as toggle buttons (at most INTERESTS_MAX), the profile form's look. */
function InterestsStep({ initial, actions }: { initial: string[]; actions: (save: string | null) => ReactNode }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>(initial);
  const toggle = (key: string) =>
    setChosen((list) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key]));
  return (
    <Form method="post" className="card card-body shadow-sm">
      <input type="hidden" name="step" value="interests" />
      <fieldset>
        <legend className="form-label fw-semibold fs-6 mb-1">{t('attributes.labels.interests')}</legend>
        <p className="form-text mt-0">
          {t('my_profile.interests_hint', { count: INTERESTS_MAX, chosen: chosen.length })}
        </p>
        <div className="d-flex flex-wrap gap-2">
          {INTERESTS.map(([key, icon]) => {
            const checked = chosen.includes(key);
            return (
              <span key={key}>
                <input
                  type="checkbox"
                  className="btn-check"
                  id={`welcome-interest-${key}`}
                  name="interests"
                  value={key}
                  checked={checked}
                  disabled={!checked && chosen.length >= INTERESTS_MAX}
                  onChange={() => toggle(key)}
                />
                <label className="btn btn-outline-primary btn-sm rounded-pill" htmlFor={`welcome-interest-${key}`}>
                  <span aria-hidden="true">{icon}</span> {t(`interests.${key}`)}
                </label>
              </span>
            );
          })}
        </div>
      </fieldset>
      {actions(t('complete.finish'))}
    </Form>
  );
}
