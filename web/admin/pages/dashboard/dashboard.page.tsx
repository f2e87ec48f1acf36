import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminDashboardApi, type TDashboard } from '#common/wire/admin/dashboard.ts';
import { ErrorAlert } from '#web/admin/features/feedback/error-alert.tsx';
import { SelectField } from '#web/admin/features/forms/select-field.tsx';
import { SiteSelect } from '#web/admin/features/forms/site-select.tsx';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { SeriesChart, type TPoint } from './series-chart.tsx';

type TCountSeries = 'signups' | 'activations' | 'firstPurchases' | 'messages';
const COUNT_SERIES: TCountSeries[] = ['signups', 'activations', 'firstPurchases', 'messages'];

/** A series summed over the shown sites, one point per day of the window (0 where none). */
function pointsOf(days: string[], rows: { day: string; value: number }[]): TPoint[] {
  const byDay = new Map<string, number>();
  for (const r of rows) byDay.set(r.day, (byDay.get(r.day) ?? 0) + r.value);
  return days.map((day) => ({ day, value: byDay.get(day) ?? 0 }));
}

/** Sign-ups, activations, first purchases, revenue and messages per day for 30 days, per site or all of one's sites. */
export default function AdminDashboardPage() {
  const { t, i18n } = useTranslation('admin');
  const isHydrated = useHydrated();
  const load = useAsyncAction();
  const [siteId, setSiteId] = useState<number | undefined>(undefined);
  const [data, setData] = useState<TDashboard | null>(null);
  const [currency, setCurrency] = useState<string | null>(null);
  useEffect(() => {
    void load.run(async () => setData(await api.call(adminDashboardApi.series, { siteId })));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [siteId]);
  const currencies = data ? [...new Set(data.revenue.map((r) => r.currency))].sort() : [];
  const shownCurrency = currency && currencies.includes(currency) ? currency : (currencies[0] ?? 'EUR');
  const money = (minor: number) =>
    new Intl.NumberFormat(i18n.language, {
      style: 'currency',
      currency: shownCurrency,
      maximumFractionDigits: 0,
    }).format(minor / 100);
  return (
    <>
      <title>{t('dashboard.title')}</title>
      <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-3">
        <h1 className="h3 mb-0">{t('dashboard.title')}</h1>
        <div className="d-flex flex-wrap gap-2">
          <SiteSelect
            id="dashboard-site"
            label={t('dashboard.site')}
            all={t('dashboard.all_sites')}
            value={siteId ?? ''}
            disabled={!isHydrated}
            onChange={(value) => setSiteId(value ? Number(value) : undefined)}
          />
          {currencies.length > 1 ? (
            <SelectField
              id="dashboard-currency"
              label={t('dashboard.currency')}
              value={shownCurrency}
              onChange={setCurrency}
              options={currencies.map((c) => ({ value: c, label: c }))}
            />
          ) : null}
        </div>
      </div>
      <p className="small text-body-secondary">{t('dashboard.window')}</p>
      {load.error ? (
        <ErrorAlert error={load.error} onRetry={() => setSiteId(siteId)} />
      ) : !data || !isHydrated ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <div className="row row-cols-1 row-cols-lg-2 g-3">
          {COUNT_SERIES.map((name) => (
            <div className="col" key={name}>
              <SeriesChart
                id={`chart-${name}`}
                title={t(`dashboard.series.${name}`)}
                points={pointsOf(
                  data.days,
                  data[name].map((r) => ({ day: r.day, value: r.n })),
                )}
              />
            </div>
          ))}
          <div className="col">
            <SeriesChart
              id="chart-revenue"
              title={t('dashboard.series.revenue', { currency: shownCurrency })}
              format={money}
              points={pointsOf(
                data.days,
                data.revenue
                  .filter((r) => r.currency === shownCurrency)
                  .map((r) => ({ day: r.day, value: r.amountMinor })),
              )}
            />
          </div>
        </div>
      )}
    </>
  );
}
