/**
 * Overview (issue 31): sign-ups and sign-ins per day by method, active sessions, failures and lockouts
 * from `GET /v1/stats?days=30`, drawn by chart.js (only the pieces used are registered, so the rest of
 * the library is tree-shaken). Every chart has a data table beside it for screen readers and for
 * anyone who prefers the numbers (the canvas itself is hidden from assistive technology).
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { t } from '../strings.ts';
import { ErrorText, Page, useAdmin, useLoad } from '../ui.tsx';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

/** One day of `GET /v1/stats` (docs/reference/admin.md#overview). */
export interface StatsDay {
  date: string;
  sign_ups: number;
  sign_ups_by_method: Record<string, number>;
  sign_ins: number;
  sign_ins_by_method: Record<string, number>;
  active_sessions: number;
  failures: number;
  lockouts: number;
}

/** `GET /v1/stats`'s answer. */
export interface StatsAnswer {
  days: StatsDay[];
}

/** A chart's series: a label and one value per day. */
interface Series {
  label: string;
  values: number[];
}

/** The series of a per-method count: one per method seen on any day. */
export function methodSeries(days: readonly StatsDay[], field: 'sign_ups_by_method' | 'sign_ins_by_method'): Series[] {
  const methods = [...new Set(days.flatMap((d) => Object.keys(d[field] ?? {})))].sort();
  return methods.map((m) => ({ label: m, values: days.map((d) => d[field]?.[m] ?? 0) }));
}

/** Colours that keep a 3:1 contrast on both themes' backgrounds. */
const PALETTE = ['#2F6FB3', '#C2562A', '#2E8B57', '#8E44AD', '#B8860B', '#C0392B', '#16808A', '#7F8C8D'];

/** The current theme's text colour (the token the page's sheet sets). */
const textColour = () => getComputedStyle(document.documentElement).getPropertyValue('--auth-color-primary').trim() || '#19303D';

function ChartBlock({ id, title, days, series, kind }: { id: string; title: string; days: readonly StatsDay[]; series: Series[]; kind: 'bar' | 'line' }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // Drawn again only when the numbers change (the parent's re-renders make new arrays of the same).
  const key = JSON.stringify([days, series]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for days and series
  useEffect(() => {
    if (!canvas.current) return;
    const colour = textColour();
    const chart = new Chart(canvas.current, {
      type: kind,
      data: {
        labels: days.map((d) => d.date),
        datasets: series.map((s, i) => ({
          label: s.label,
          data: s.values,
          backgroundColor: PALETTE[i % PALETTE.length],
          borderColor: PALETTE[i % PALETTE.length],
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { stacked: kind === 'bar', ticks: { color: colour } },
          y: { stacked: kind === 'bar', beginAtZero: true, ticks: { color: colour, precision: 0 } },
        },
        plugins: { legend: { labels: { color: colour } } },
      },
    });
    return () => chart.destroy();
  }, [key, kind]);
  const total = series.reduce((sum, s) => sum + s.values.reduce((a, b) => a + b, 0), 0);
  return (
    <section className="adm-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="adm-muted">{t('chartSummary', { title, total, days: days.length })}</p>
      <div className="adm-chart" aria-hidden="true">
        <canvas ref={canvas} />
      </div>
      <details>
        <summary>{t('chartTable', { title })}</summary>
        <div className="adm-table-wrap">
          <table className="adm-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('day')}</th>
                {series.map((s) => (
                  <th scope="col" key={s.label}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d, i) => (
                <tr key={d.date}>
                  <th scope="row">{d.date}</th>
                  {series.map((s) => (
                    <td key={s.label}>{s.values[i]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

/** The overview page. */
export default function Overview() {
  const { api } = useAdmin();
  const days = 30;
  const stats = useLoad(() => api.call<StatsAnswer>('GET', `/v1/stats?days=${days}`), []);
  const d = stats.data?.days ?? [];
  return (
    <Page title={t('navOverview')}>
      <p className="adm-muted">{t('overviewDays', { days })}</p>
      <ErrorText>{stats.error}</ErrorText>
      {stats.data ? (
        <div className="adm-charts">
          <ChartBlock id="chart-signups" title={t('chartSignUps')} days={d} series={methodSeries(d, 'sign_ups_by_method')} kind="bar" />
          <ChartBlock id="chart-signins" title={t('chartSignIns')} days={d} series={methodSeries(d, 'sign_ins_by_method')} kind="bar" />
          <ChartBlock
            id="chart-sessions"
            title={t('chartSessions')}
            days={d}
            series={[{ label: t('seriesActiveSessions'), values: d.map((x) => x.active_sessions ?? 0) }]}
            kind="line"
          />
          <ChartBlock
            id="chart-failures"
            title={t('chartFailures')}
            days={d}
            series={[
              { label: t('seriesFailures'), values: d.map((x) => x.failures ?? 0) },
              { label: t('seriesLockouts'), values: d.map((x) => x.lockouts ?? 0) },
            ]}
            kind="line"
          />
        </div>
      ) : null}
    </Page>
  );
}
