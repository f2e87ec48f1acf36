import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** One day's value of a series. */
export type TPoint = { day: string; value: number };

/**
 * A series as a bar chart (recharts) with its figures as a table under a disclosure, for screen readers and keyboard
 * users: the chart itself is hidden from assistive technology.
 */
export function SeriesChart(props: { id: string; title: string; points: TPoint[]; format?: (n: number) => string }) {
  const { t, i18n } = useTranslation('admin');
  const format = props.format ?? ((n: number) => n.toLocaleString(i18n.language));
  const total = props.points.reduce((sum, p) => sum + p.value, 0);
  const short = (day: string) => day.slice(5);
  return (
    <figure className="card h-100 mb-0" aria-labelledby={`${props.id}-title`}>
      <div className="card-body">
        <figcaption className="d-flex justify-content-between align-items-baseline mb-2">
          <h2 className="h6 mb-0" id={`${props.id}-title`}>
            {props.title}
          </h2>
          <span className="small text-body-secondary">{t('dashboard.total', { total: format(total) })}</span>
        </figcaption>
        <div style={{ width: '100%', height: 180 }} aria-hidden="true">
          <ResponsiveContainer>
            <BarChart
              accessibilityLayer={false}
              data={props.points}
              margin={{ top: 4, right: 4, bottom: 0, left: -16 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" tickFormatter={short} tick={{ fontSize: 11 }} interval="preserveStartEnd" />
              <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={48} />
              <Tooltip formatter={(v) => format(Number(v))} labelFormatter={(l) => String(l)} />
              <Bar dataKey="value" name={props.title} fill="#e8173f" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <details className="small mt-2">
          <summary>{t('dashboard.figures')}</summary>
          <table className="table table-sm mb-0">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.day')}</th>
                <th scope="col">{props.title}</th>
              </tr>
            </thead>
            <tbody>
              {props.points.map((p) => (
                <tr key={p.day}>
                  <td>{p.day}</td>
                  <td>{format(p.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>
    </figure>
  );
}
