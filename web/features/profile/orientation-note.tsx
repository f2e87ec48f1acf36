import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { url } from '#web/lib/url.ts';

/** Under the orientation field: the "show on my profile" switch, or why the field is disabled and where to change it. */
export function OrientationNote({ profile, editable }: { profile: { show_sexuality: boolean }; editable: boolean }) {
  const { t } = useTranslation();
  if (!editable) {
    return (
      <div id="profile-sexuality-note" className="form-text">
        <Trans i18nKey="consent.orientation_disabled" components={{ settings: <Link to={url('settings')} /> }} />
      </div>
    );
  }
  return (
    <div className="form-check form-switch mt-2">
      <input
        id="profile-show_sexuality"
        name="show_sexuality"
        className="form-check-input"
        type="checkbox"
        role="switch"
        defaultChecked={profile.show_sexuality}
      />
      <label id="profile-sexuality-note" className="form-check-label small" htmlFor="profile-show_sexuality">
        {t('consent.show_orientation')}
      </label>
    </div>
  );
}
