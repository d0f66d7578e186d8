// The insights screen's tables: a panel with its CSV export, the listeners over time, a breakdown
// of the stretches by one dimension, and the tracks that kept or lost listeners.
import { type ReactNode, useId, useState } from "react";
import type { Insights, InsightsRange, InsightsTable, SongImpactRow } from "#schema/api/insights.ts";
import { insightsExportHref } from "#web/lib/queries/insights.ts";
import { duration, number } from "./insights-format";
export function Figure({ label, value }: { label: string; value: number | string | null }) {
  return (
    <div className="admin-card insights-figure">
      <dt>{label}</dt>
      <dd>{value === null ? "–" : typeof value === "number" ? number.format(value) : value}</dd>
    </div>
  );
}

export function Panel({
  title,
  range,
  table,
  children,
}: {
  title: string;
  range: InsightsRange;
  table: InsightsTable;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="admin-card insights-panel" aria-labelledby={id}>
      <div className="insights-panel-header">
        <h2 id={id}>{title}</h2>
        <a
          className="insights-export"
          href={insightsExportHref(range, table)}
          download
          aria-label={`CSV of ${title.toLowerCase()}`}
        >
          CSV
        </a>
      </div>
      {children}
    </section>
  );
}

/** The chart's figures as a table, built only when opened (24 hours are 1,440 rows). */
export function SeriesTable({ insights }: { insights: Insights }) {
  const [open, setOpen] = useState(false);
  const time = new Intl.DateTimeFormat(undefined, {
    dateStyle: insights.resolution === "minute" ? undefined : "medium",
    timeStyle: insights.resolution === "day" ? undefined : "short",
  });
  return (
    <details className="insights-series" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>The chart as a table</summary>
      {open && (
        <table className="insights-table">
          <caption className="admin-visually-hidden">Listeners per {insights.resolution}</caption>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">Lowest</th>
              <th scope="col">Average</th>
              <th scope="col">Peak</th>
            </tr>
          </thead>
          <tbody>
            {insights.series.map((point) => (
              <tr key={point.start}>
                <th scope="row">{time.format(new Date(point.start))}</th>
                <td>{point.min}</td>
                <td>{number.format(point.average)}</td>
                <td>{point.max}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

/** Sessions per value with a bar for each share: a table, so the bars need no other alternative. */
export function Breakdown({
  rows,
  name,
  total,
}: {
  rows: Insights["sessions"]["quality"];
  name: (value: string) => string;
  total: number;
}) {
  if (rows.length === 0) return <p className="admin-muted">No listening sessions in this range yet.</p>;
  return (
    <table className="insights-table">
      <thead>
        <tr>
          <th scope="col">Group</th>
          <th scope="col">Sessions</th>
          <th scope="col">Share</th>
          <th scope="col">Time listened</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const share = total > 0 ? (row.sessions / total) * 100 : 0;
          return (
            <tr key={row.value}>
              <th scope="row">{name(row.value)}</th>
              <td>{row.sessions}</td>
              <td>
                <span className="insights-bar" style={{ width: `${share}%` }} aria-hidden="true" />
                {Math.round(share)}%
              </td>
              <td>{duration(row.seconds)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function SongTable({ rows, empty }: { rows: SongImpactRow[]; empty: string }) {
  if (rows.length === 0) return <p className="admin-muted">{empty}</p>;
  return (
    <table className="insights-table">
      <thead>
        <tr>
          <th scope="col">Track</th>
          <th scope="col">Plays</th>
          <th scope="col">Change per play</th>
          <th scope="col">Favorites</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((song) => (
          <tr key={`${song.artist}\n${song.title}`}>
            <th scope="row">
              {song.title}
              <span className="admin-muted"> · {song.artist}</span>
            </th>
            <td>{song.plays}</td>
            <td>{`${song.averageChange > 0 ? "+" : ""}${number.format(song.averageChange)}`}</td>
            <td>{song.favorites}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
