import { useTranslation } from 'react-i18next';
import { dialablePhone } from '#common/format.ts';
import { PageTitle } from '#web/components/page-title.tsx';
import { ComplaintForm } from '#web/features/reports/complaint-form.tsx';
import { useRootData } from '#web/lib/use-root-data.ts';

/** Complaints page: the complaint form that reaches customer service, other ways to complain, and the company's complaint address. */
export default function ComplaintsPage() {
  const { t } = useTranslation();
  const root = useRootData();
  if (!root) return null;
  const { site, company, user } = root;
  return (
    <section className="container py-4" style={{ maxWidth: 860 }}>
      <PageTitle title={t('complaints.title')} />
      <h1>{t('complaints.title')}</h1>
      <p className="lead">{t('complaints.intro')}</p>
      <h2 className="h4">{t('complaints.how_title')}</h2>
      <p>{t('complaints.how_text', { email: site.supportEmail, phone: site.supportPhone })}</p>
      <p>
        <a className="btn btn-primary me-2 mb-2" href={`mailto:${site.supportEmail}`}>
          {site.supportEmail}
        </a>
        <a className="btn btn-outline-secondary mb-2" href={`tel:${dialablePhone(site.supportPhone)}`}>
          {site.supportPhone}
        </a>
      </p>
      <section aria-labelledby="complaint-form-title" className="mt-4 mb-4">
        <h2 className="h4" id="complaint-form-title">
          {t('complaints.form_title')}
        </h2>
        <p>{t('complaints.form_intro')}</p>
        <ComplaintForm defaultName={user?.profile.name} defaultEmail={user?.email} />
      </section>
      <h2 className="h4">{t('complaints.company_title')}</h2>
      <address>
        {company.name}
        <br />
        {company.address}
        <br />
        {company.city}, {company.country}
      </address>
      <p className="text-body-secondary">{t('complaints.odr')}</p>
    </section>
  );
}
