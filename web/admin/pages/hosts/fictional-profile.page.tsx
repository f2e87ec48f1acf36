import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { adminPath } from '#common/routes.ts';
import { fictionalProfilesApi, type TFictionalProfile } from '#common/wire/admin/fictional-profiles.ts';
import { useAdminData } from '#web/admin/admin-data.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { FictionalPhotos } from './fictional-photos.tsx';
import { FictionalProfileForm, type TFictionalDraft } from './fictional-profile-form.tsx';

/** A new profile's starting values. */
const EMPTY: TFictionalDraft = {
  name: '',
  birth_date: '',
  gender: 'female',
  sexuality: 'hetero',
  locale: 'en',
  niches: [],
  hair_color: null,
  eye_color: null,
  body_type: null,
  relationship_status: null,
  tattoos: null,
  height_cm: null,
  about_me: '',
  interests: [],
  country: 'NL',
  region_code: '',
  city: '',
};

/** The editable fields of a stored profile. */
function draftOf(p: TFictionalProfile): TFictionalDraft {
  const { id: _id, siteId: _site, hidden: _hidden, photos: _photos, ...fields } = p;
  return { ...fields, sexuality: fields.sexuality ?? 'hetero' } as TFictionalDraft;
}

/** Creates a fictional profile on a site, or edits one (`?profileId=`): attributes, texts, photos, hidden or shown. */
export default function FictionalProfilePage() {
  const { t } = useTranslation('admin');
  const { staff } = useAdminData();
  const [params] = useSearchParams();
  const profileId = Number(params.get('profileId')) || null;
  const navigate = useNavigate();
  const isHydrated = useHydrated();
  const load = useAsyncAction();
  const save = useAsyncAction();
  const [profile, setProfile] = useState<TFictionalProfile | null>(null);
  const [draft, setDraft] = useState<TFictionalDraft>(EMPTY);
  const [siteId, setSiteId] = useState<number | ''>(staff.sites[0]?.id ?? '');
  const [saved, setSaved] = useState(false);
  const show = useCallback((p: TFictionalProfile) => {
    setProfile(p);
    setDraft(draftOf(p));
  }, []);
  useEffect(() => {
    if (profileId) void load.run(async () => show(await api.call(fictionalProfilesApi.profile, { profileId })));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [profileId, show]);
  const submit = () =>
    void save.run(async () => {
      setSaved(false);
      if (profile) {
        show(await api.call(fictionalProfilesApi.updateProfile, { ...draft, profileId: profile.id }));
        setSaved(true);
      } else {
        const created = await api.call(fictionalProfilesApi.createProfile, { ...draft, siteId: Number(siteId) });
        navigate(adminPath('admin-hosts-profile', { profileId: created.id }), { replace: true });
      }
    });
  const toggleHidden = () =>
    void save.run(async () =>
      show(await api.call(fictionalProfilesApi.hideProfile, { profileId: profile!.id, hidden: !profile!.hidden })),
    );
  if (profileId && !profile) {
    return load.error ? (
      <div className="alert alert-danger" role="alert">
        {load.error}
      </div>
    ) : (
      <p role="status">{t('common.loading')}</p>
    );
  }
  const title = profile ? t('hosts.edit_title', { name: profile.name }) : t('hosts.new_profile');
  return (
    <>
      <title>{title}</title>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Link to={adminPath('admin-hosts-profiles')} className="btn btn-sm btn-outline-secondary">
          {t('hosts.back_profiles')}
        </Link>
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        {profile ? (
          <>
            {profile.hidden ? <span className="badge text-bg-secondary">{t('hosts.hidden')}</span> : null}
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={!isHydrated || save.busy}
              onClick={toggleHidden}
            >
              {profile.hidden ? t('hosts.show') : t('hosts.hide')}
            </button>
          </>
        ) : null}
      </div>
      <p className="small text-body-secondary">{t('hosts.profile_intro')}</p>
      {save.error ? (
        <div className="alert alert-danger" role="alert">
          {save.error}
        </div>
      ) : null}
      {saved ? (
        <p className="alert alert-success" role="status">
          {t('hosts.saved')}
        </p>
      ) : null}
      {profile ? <FictionalPhotos profile={profile} onChange={show} /> : null}
      <FictionalProfileForm draft={draft} setDraft={setDraft} busy={save.busy} onSubmit={submit}>
        {profile ? null : (
          <div className="col-12">
            <label className="form-label" htmlFor="fp-site">
              {t('hosts.site')}
            </label>
            <select
              id="fp-site"
              className="form-select"
              required
              value={siteId}
              onChange={(e) => setSiteId(Number(e.target.value))}
            >
              {staff.sites.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </FictionalProfileForm>
    </>
  );
}
