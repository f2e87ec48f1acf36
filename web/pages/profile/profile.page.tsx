import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  INTERESTS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOO_OPTIONS,
} from '#common/profile-attributes.ts';
import {
  ABOUT_ME_MAX,
  HEIGHT_MAX_CM,
  HEIGHT_MIN_CM,
  INTERESTS_MAX,
  type TProfileUpdate,
} from '#common/profile-edit.ts';
import { zText } from '#common/text.ts';
import { PageTitle } from '#web/components/page-title.tsx';
import { runAction } from '#web/lib/form/action-result.server.ts';
import { Field } from '#web/lib/form/field.tsx';
import { OrientationNote } from '#web/features/profile/orientation-note.tsx';
import { FormError } from '#web/lib/form/form-error.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { PhotoManager } from '#web/features/photos/photo-manager.tsx';
import { LocationFields } from '#web/features/profile/location-fields.tsx';
import { SeekingField } from '#web/features/profile/seeking-field.tsx';
import { appContext } from '#web/lib/app-context.ts';
import { readForm } from '#web/lib/form/form-input.server.ts';
import { url } from '#web/lib/url.ts';
import type { Route } from './+types/profile.page';

/** The member's own profile, photos and the served countries with their regions. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  const [profile, photos] = await Promise.all([
    ctx.services.myProfile.load(user.id),
    ctx.services.photos.mine(user.profile.id, ctx.site.cdnPrefix, user.paid_user),
  ]);
  const countries = ctx.services.reference.listCountries(ctx.locale).map((c) => {
    const r = ctx.services.reference.regionsOf(c.code, ctx.locale)!;
    return { ...c, labelKey: r.label_key, regions: r.regions };
  });
  return { profile, photos, countries, isPremium: user.paid_user };
}

const OPTIONAL_FIELDS = ['hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos'] as const;

/** A text field of the form; an absent one reads as empty (the service's ZProfileUpdate judges the values). */
const field = () => zText().default('');

/** The form as the browser sends it: strings, every interest ticked; a disabled or unticked field is absent. */
const ZProfileForm = z.object({
  gender: field(),
  seeking: field(),
  sexuality: zText().optional(),
  show_sexuality: zText().optional(),
  hair_color: field(),
  eye_color: field(),
  body_type: field(),
  relationship_status: field(),
  tattoos: field(),
  height_cm: field(),
  about_me: field(),
  interests: z.array(zText()),
  country: field(),
  region_code: field(),
  city: field(),
});

/** Saves every attribute of the form at once. */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  const input = await readForm(request, ZProfileForm);
  if (!input.ok) return input.response;
  const form = input.value;
  const height = form.height_cm.trim();
  const result = await runAction(() =>
    // The service validates every field (ZProfileUpdate); the form only gathers strings.
    ctx.services.myProfile.save(user.id, {
      gender: form.gender,
      // Never empty in the form; an account from before issue 31 without a choice keeps none until it picks one.
      ...(form.seeking ? { seeking: form.seeking } : {}),
      // Without the Art. 9 consent the field is disabled (not sent): the stored value is left as it is.
      ...(form.sexuality === undefined
        ? {}
        : { sexuality: form.sexuality || null, show_sexuality: form.show_sexuality === 'on' }),
      ...Object.fromEntries(OPTIONAL_FIELDS.map((f) => [f, form[f] || null])),
      height_cm: height ? Number(height) : null,
      about_me: form.about_me,
      interests: form.interests,
      country: form.country,
      region_code: form.region_code,
      city: form.city,
    } as TProfileUpdate),
  );
  if (!result.ok) return result.response;
  return { saved: true as const };
}

type TField = { name: string; options: readonly string[]; required?: boolean };
const SELECTS: TField[] = [
  { name: 'gender', options: GENDERS, required: true },
  { name: 'sexuality', options: SEXUALITIES },
  { name: 'relationship_status', options: RELATIONSHIP_STATUSES },
  { name: 'body_type', options: BODY_TYPES },
  { name: 'hair_color', options: HAIR_COLORS },
  { name: 'eye_color', options: EYE_COLORS },
  { name: 'tattoos', options: TATTOO_OPTIONS },
];

/** profile (spec §2): profile settings with the images overview, every attribute, interests and location. */
export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { profile, photos, countries, isPremium } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const [about, setAbout] = useState(profile.about_me);
  const [interests, setInterests] = useState<string[]>(profile.interests);
  const issues =
    result && 'error' in result ? ((result.error.data.issues ?? []) as { path: string; message: string }[]) : [];
  const issueFor = (path: string) => issues.find((i) => i.path === path || i.path.startsWith(`${path}.`));
  const problem = (path: string) => ({ issue: issueFor(path)?.message, issueValues: ISSUE_VALUES });
  // Orientation may be set only with a live Art. 9 consent; a member asked at the terms prompt keeps theirs meanwhile.
  const orientationEditable = profile.orientation_consent;
  const toggleInterest = (key: string) =>
    setInterests((list) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key]));
  return (
    <section className="container py-4" style={{ maxWidth: 1000 }}>
      <PageTitle title={t('my_profile.title')} />
      <div className="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-3">
        <h1 className="h3 mb-0">{t('my_profile.title')}</h1>
        <Link to={url('members-id', { id: profile.id })} className="btn btn-outline-secondary btn-sm">
          {t('my_profile.view_public')}
        </Link>
      </div>
      <PhotoManager initial={photos} isPremium={isPremium} />
      <Form method="post" className="card shadow-sm" aria-labelledby="details-title" noValidate>
        <div className="card-body">
          <h2 id="details-title" className="h5">
            {t('my_profile.details')}
          </h2>
          {result && 'saved' in result && !busy ? (
            <div className="alert alert-success py-2" role="status">
              {t('my_profile.saved')}
            </div>
          ) : null}
          <FormError error={result && 'error' in result ? result.error : null} />
          <div className="row g-3 mb-3">
            {SELECTS.map((field) => (
              <Field
                key={field.name}
                id={`profile-${field.name}`}
                label={t(`attributes.labels.${field.name}`)}
                className="col-sm-6 col-lg-4"
                describedBy={field.name === 'sexuality' ? 'profile-sexuality-note' : undefined}
                after={
                  field.name === 'sexuality' ? (
                    <OrientationNote profile={profile} editable={orientationEditable} />
                  ) : null
                }
                {...problem(field.name)}
              >
                {(wiring) => (
                  <select
                    {...wiring}
                    name={field.name}
                    className={`form-select ${issueFor(field.name) ? 'is-invalid' : ''}`}
                    defaultValue={((profile as Record<string, unknown>)[field.name] as string | undefined) ?? ''}
                    required={field.required}
                    disabled={field.name === 'sexuality' && !orientationEditable}
                  >
                    {!field.required ? <option value="">{t('my_profile.not_specified')}</option> : null}
                    {field.options.map((o) => (
                      <option key={o} value={o}>
                        {t(`attributes.${field.name}.${o}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ))}
            <SeekingField initial={profile.seeking} issue={issueFor('seeking')?.message} />
            <Field
              id="profile-height"
              label={t('my_profile.height_cm')}
              className="col-sm-6 col-lg-4"
              {...problem('height_cm')}
            >
              {(wiring) => (
                <input
                  {...wiring}
                  name="height_cm"
                  type="number"
                  inputMode="numeric"
                  min={HEIGHT_MIN_CM}
                  max={HEIGHT_MAX_CM}
                  className={`form-control ${issueFor('height_cm') ? 'is-invalid' : ''}`}
                  defaultValue={profile.height_cm ?? ''}
                />
              )}
            </Field>
          </div>
          <Field
            id="profile-about"
            label={t('attributes.labels.about_me')}
            describedBy="profile-about-count"
            after={
              <div id="profile-about-count" className="form-text text-end">
                {t('my_profile.chars_left', { count: ABOUT_ME_MAX - about.length })}
              </div>
            }
            {...problem('about_me')}
          >
            {(wiring) => (
              <textarea
                {...wiring}
                name="about_me"
                rows={5}
                maxLength={ABOUT_ME_MAX}
                className={`form-control ${issueFor('about_me') ? 'is-invalid' : ''}`}
                value={about}
                onChange={(e) => setAbout(e.target.value)}
                placeholder={t('my_profile.about_placeholder')}
              />
            )}
          </Field>
          <fieldset className="mb-3">
            <legend className="form-label fw-semibold fs-6 mb-1">{t('attributes.labels.interests')}</legend>
            <p className="form-text mt-0">
              {t('my_profile.interests_hint', { count: INTERESTS_MAX, chosen: interests.length })}
            </p>
            <div className="d-flex flex-wrap gap-2">
              {INTERESTS.map(([key, icon]) => {
                const checked = interests.includes(key);
                return (
                  <span key={key}>
                    <input
                      type="checkbox"
                      className="btn-check"
                      id={`interest-${key}`}
                      name="interests"
                      value={key}
                      checked={checked}
                      disabled={!checked && interests.length >= INTERESTS_MAX}
                      onChange={() => toggleInterest(key)}
                    />
                    <label className="btn btn-outline-primary btn-sm rounded-pill" htmlFor={`interest-${key}`}>
                      <span aria-hidden="true">{icon}</span> {t(`interests.${key}`)}
                    </label>
                  </span>
                );
              })}
            </div>
            <FieldIssue id="profile-interests-error" issue={issueFor('interests')} />
          </fieldset>
          <h3 className="h6 mt-4">{t('attributes.labels.location')}</h3>
          <p className="form-text mt-0">{t('my_profile.location_hint')}</p>
          <LocationFields
            countries={countries}
            idPrefix="profile"
            initial={{ country: profile.country, region_code: profile.region_code, city: profile.city }}
            cityIssue={issueFor('city')?.message}
          />
          <FieldIssue id="profile-location-error" issue={issueFor('region_code')} />
        </div>
        <div className="card-footer bg-body d-flex justify-content-end">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('my_profile.saving') : t('my_profile.save')}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** The values the profile's problem messages need. */
const ISSUE_VALUES = { min: HEIGHT_MIN_CM, max: HEIGHT_MAX_CM, count: INTERESTS_MAX, max_length: ABOUT_ME_MAX };

function FieldIssue({ id, issue }: { id: string; issue?: { message: string } }) {
  const { t } = useTranslation();
  if (!issue) return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {t(issue.message, ISSUE_VALUES)}
    </div>
  );
}
