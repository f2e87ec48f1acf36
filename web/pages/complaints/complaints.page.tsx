import { useTranslation } from 'react-i18next';
import { dialablePhone } from '../../../common/format.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { useRootData } from '../../lib/use-root-data.ts';

/** Complaints page: how to complain and the company's complaint address (the form arrives with issue 4). */
export default function ComplaintsPage() {
  const { t } = useTranslation();
  const root = useRootData();
  if (!root) return null;
  const { site, company } = root;
  return (
    <section className="container py-4" style={{ maxWidth: 860 }}>
      <PageTitle title={t('complaints.title')} />
      <h1>{t('complaints.title')}</h1>
      <p className="lead">{t('complaints.intro')}</p>
      <h2 className="h4">{t('complaints.how_title')}</h2>
      <p>{t('complaints.how_text', { email: site.supportEmail, phone: site.supportPhone })}</p>
      <p>
        <a className="btn btn-primary me-2" href={`mailto:${site.supportEmail}`}>
          {site.supportEmail}
        </a>
        <a className="btn btn-outline-secondary" href={`tel:${dialablePhone(site.supportPhone)}`}>
          {site.supportPhone}
        </a>
      </p>
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
