import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BROADCAST_KINDS, type TBroadcastKind, type TBroadcastText } from '#common/broadcast.ts';
import { LOCALES, type TLocale } from '#common/locales.ts';
import { adminPath } from '#common/routes.ts';
import { adminOpsApi, type TBroadcastPreview } from '#common/wire/admin/ops.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useAdminData } from '#web/admin/admin-data.ts';

type TTexts = Partial<Record<TLocale, TBroadcastText>>;
const BLANK: TBroadcastText = { title: '', body: '', url: '' };

/** The texts filled in: a locale counts when any of its fields is (the server checks each one is complete). */
function filled(texts: TTexts): TTexts {
  return Object.fromEntries(
    Object.entries(texts).filter(([, v]) => v && (v.title.trim() || v.body.trim() || v.url.trim())),
  ) as TTexts;
}

/**
 * Broadcasts (issue 30): a promotion or news item composed per locale, previewed as each locale's members would get it,
 * with the count of members who consented, then sent through the broadcast job (audited).
 */
export default function AdminBroadcastPage() {
  const { t } = useTranslation('admin');
  const { staff: me } = useAdminData();
  const isHydrated = useHydrated();
  const act = useAsyncAction();
  const [siteId, setSiteId] = useState(me.sites[0]?.id ?? 0);
  const [kind, setKind] = useState<TBroadcastKind>('news');
  const [locale, setLocale] = useState<TLocale>('en');
  const [texts, setTexts] = useState<TTexts>({ en: BLANK });
  const [count, setCount] = useState<number | null>(null);
  const [previews, setPreviews] = useState<TBroadcastPreview[] | null>(null);
  const [shown, setShown] = useState<TLocale>('en');
  const [sent, setSent] = useState<number | null>(null);
  const text = texts[locale] ?? BLANK;
  const request = () => ({ siteId, kind, messages: filled(texts) as TTexts & { en: TBroadcastText } });
  // Any change makes the preview, count and result stale.
  const changed = () => {
    setPreviews(null);
    setCount(null);
    setSent(null);
  };
  const setField = (field: keyof TBroadcastText, value: string) => {
    setTexts({ ...texts, [locale]: { ...text, [field]: value } });
    changed();
  };
  const check = () =>
    act.run(async () => {
      const [audience, preview] = await Promise.all([
        api.call(adminOpsApi.audience, { siteId, kind }),
        api.call(adminOpsApi.preview, request()),
      ]);
      setCount(audience.total);
      setPreviews(preview.previews);
    });
  const send = () =>
    act.run(async () => {
      if (!window.confirm(t('ops.bc.confirm', { n: count ?? 0 }))) return;
      setSent((await api.call(adminOpsApi.broadcast, request())).recipients);
    });
  const preview = previews?.find((p) => p.locale === shown);
  return (
    <>
      <title>{t('ops.bc.title')}</title>
      <p className="mb-1">
        <Link to={adminPath('admin-ops')}>{t('ops.title')}</Link>
      </p>
      <h1 className="h3 mb-3">{t('ops.bc.title')}</h1>
      <p className="small text-body-secondary">{t('ops.bc.intro')}</p>
      <div className="row g-2 mb-3">
        <div className="col-12 col-md-4">
          <label className="form-label small" htmlFor="bc-site">
            {t('ops.site')}
          </label>
          <select
            id="bc-site"
            className="form-select"
            value={siteId}
            onChange={(e) => {
              setSiteId(Number(e.target.value));
              changed();
            }}
          >
            {me.sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-4">
          <label className="form-label small" htmlFor="bc-kind">
            {t('ops.bc.kind')}
          </label>
          <select
            id="bc-kind"
            className="form-select"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as TBroadcastKind);
              changed();
            }}
          >
            {BROADCAST_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`ops.bc.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-4">
          <label className="form-label small" htmlFor="bc-locale">
            {t('ops.bc.language')}
          </label>
          <select
            id="bc-locale"
            className="form-select"
            value={locale}
            onChange={(e) => setLocale(e.target.value as TLocale)}
          >
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {l.toUpperCase()} {filled(texts)[l] ? '✓' : ''}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="card card-body mb-3">
        <legend className="h6">{t('ops.bc.text_for', { locale: locale.toUpperCase() })}</legend>
        <p className="small text-body-secondary">{t('ops.bc.fallback')}</p>
        <label className="form-label small" htmlFor="bc-title">
          {t('ops.bc.subject')}
        </label>
        <input
          id="bc-title"
          className="form-control mb-2"
          maxLength={150}
          value={text.title}
          onChange={(e) => setField('title', e.target.value)}
        />
        <label className="form-label small" htmlFor="bc-body">
          {t('ops.bc.body')}
        </label>
        <textarea
          id="bc-body"
          className="form-control mb-2"
          rows={5}
          maxLength={5000}
          value={text.body}
          onChange={(e) => setField('body', e.target.value)}
        />
        <label className="form-label small" htmlFor="bc-url">
          {t('ops.bc.url')}
        </label>
        <input
          id="bc-url"
          type="url"
          className="form-control"
          placeholder="https://"
          value={text.url}
          onChange={(e) => setField('url', e.target.value)}
        />
      </fieldset>
      {act.error ? (
        <div className="alert alert-danger" role="alert">
          {act.error}
        </div>
      ) : null}
      <div className="d-flex flex-wrap gap-2 mb-3">
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={!isHydrated || act.busy || !siteId}
          onClick={() => void check()}
        >
          {act.busy ? t('common.working') : t('ops.bc.preview')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!isHydrated || act.busy || previews === null || sent !== null}
          onClick={() => void send()}
        >
          {t('ops.bc.send')}
        </button>
      </div>
      <div role="status">
        {count !== null ? <p className="fw-semibold">{t('ops.bc.recipients', { n: count })}</p> : null}
        {sent !== null ? <p className="alert alert-success">{t('ops.bc.sent', { n: sent })}</p> : null}
      </div>
      {previews ? (
        <section aria-labelledby="bc-preview-title">
          <h2 id="bc-preview-title" className="h5">
            {t('ops.bc.preview_title')}
          </h2>
          <label className="form-label small" htmlFor="bc-shown">
            {t('ops.bc.language')}
          </label>
          <select
            id="bc-shown"
            className="form-select mb-2"
            style={{ maxWidth: 200 }}
            value={shown}
            onChange={(e) => setShown(e.target.value as TLocale)}
          >
            {previews.map((p) => (
              <option key={p.locale} value={p.locale}>
                {p.locale.toUpperCase()}
                {p.textLocale !== p.locale ? ` (${p.textLocale.toUpperCase()})` : ''}
              </option>
            ))}
          </select>
          {preview ? (
            <>
              <p className="small mb-1">
                <strong>{t('ops.bc.subject')}:</strong> {preview.subject}
              </p>
              <iframe
                title={t('ops.bc.preview_frame', { locale: preview.locale.toUpperCase() })}
                sandbox=""
                srcDoc={preview.html}
                className="w-100 border rounded bg-white"
                style={{ height: 560 }}
              />
              <details className="mt-2">
                <summary className="small">{t('ops.bc.plain_text')}</summary>
                <pre className="small bg-white border rounded p-2 text-wrap">{preview.text}</pre>
              </details>
            </>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
