// /pb/insights ('Station Insights', ADR 021): how many listened, how long, from where and on
// what, and which tracks keep them, over 24 hours to 90 days; each table also as CSV. The admin
// also chooses here whether listeners see the live count.
import * as Switch from "@radix-ui/react-switch";
import { useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useId, useState } from "react";
import { Link } from "wouter";
import {
  type Insights,
  type InsightsRange,
  type InsightsTable,
  insightsRanges,
  type SongImpactRow,
  sessionLengthBuckets,
} from "#schema/api/insights.ts";
import { errorDetail } from "#web/lib/queries/admin-pages.ts";
import {
  insightsExportHref,
  insightsNowQueryOptions,
  insightsQueryOptions,
  useSetListenersPublic,
} from "#web/lib/queries/insights.ts";
import { toast } from "#web/ui/toast.tsx";
import { AdminOnly } from "../admin-only";
import "./insights-screen.css";

// uPlot only once there is something to draw.
const ListenersChart = lazy(() => import("./listeners-chart").then((m) => ({ default: m.ListenersChart })));

const rangeNames: Record<InsightsRange, string> = {
  "24h": "24 hours",
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
};

const qualityNames: Record<string, string> = {
  hd: "HD (320 kbps)",
  sd: "SD (128 kbps)",
  mobile: "Mobile (64 kbps)",
};
const deviceNames: Record<string, string> = {
  mobile: "Phone",
  tablet: "Tablet",
  desktop: "Computer",
  other: "Other",
};
const accountNames: Record<string, string> = { anonymous: "Not logged in", member: "Logged in" };
const lengthNames: Record<string, string> = Object.fromEntries(
  sessionLengthBuckets.map((b) => [b.key, b.label]),
);
const countryNames = (() => {
  try {
    return new Intl.DisplayNames(undefined, { type: "region" });
  } catch {
    return null;
  }
})();

function countryName(code: string): string {
  if (code === "unknown") return "Unknown";
  if (code === "T1") return "Tor network";
  try {
    return countryNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

function duration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export function AdminInsightsScreen() {
  return (
    <AdminOnly title="Station Insights">
      <StationInsights />
    </AdminOnly>
  );
}

function StationInsights() {
  const [range, setRange] = useState<InsightsRange>("24h");
  const insights = useQuery(insightsQueryOptions(range));
  let body: ReactNode;
  if (insights.isPending) body = <p className="admin-muted">Loading insights...</p>;
  else if (insights.isError) {
    body = (
      <p className="admin-field-error" role="alert">
        Could not load the insights: {errorDetail(insights.error)}
      </p>
    );
  } else body = <InsightsBody insights={insights.data} range={range} />;
  return (
    <section className="admin-screen insights">
      <div className="admin-header">
        <h1>Station Insights</h1>
        <Link href="/pb" className="admin-button admin-button-secondary">
          Back to Content Management
        </Link>
      </div>
      <fieldset className="insights-ranges">
        <legend className="admin-visually-hidden">Range</legend>
        {insightsRanges.map((r) => (
          <button
            key={r}
            type="button"
            className="admin-button admin-button-secondary"
            aria-pressed={r === range}
            onClick={() => setRange(r)}
          >
            {rangeNames[r]}
          </button>
        ))}
      </fieldset>
      {body}
    </section>
  );
}

function InsightsBody({ insights, range }: { insights: Insights; range: InsightsRange }) {
  const { sessions } = insights;
  return (
    <>
      <dl className="insights-figures">
        <ListenersNow />
        <Figure label={`Peak, last ${rangeNames[range]}`} value={insights.peak} />
        <Figure label={`Average, last ${rangeNames[range]}`} value={insights.average} />
        <Figure label="Listening sessions" value={sessions.total} />
        <Figure
          label="Average session"
          value={sessions.total > 0 ? duration(sessions.seconds / sessions.total) : null}
        />
      </dl>
      <ListenersPublicSetting listenersPublic={insights.listenersPublic} />

      <Panel title="Listeners over time" range={range} table="listeners">
        {insights.series.length === 0 ? (
          <p className="admin-muted">
            No listener counts yet: they are recorded every minute while the station plays.
          </p>
        ) : (
          <>
            <Suspense fallback={<div className="insights-chart" aria-hidden="true" />}>
              <ListenersChart series={insights.series} />
            </Suspense>
            <SeriesTable insights={insights} />
          </>
        )}
      </Panel>

      <Panel title="Session length" range={range} table="sessions">
        <Breakdown rows={sessions.length} name={(v) => lengthNames[v] ?? v} total={sessions.total} />
      </Panel>
      <div className="insights-columns">
        <Panel title="By country" range={range} table="sessions">
          <Breakdown rows={sessions.country} name={countryName} total={sessions.total} />
        </Panel>
        <Panel title="By stream quality" range={range} table="sessions">
          <Breakdown rows={sessions.quality} name={(v) => qualityNames[v] ?? v} total={sessions.total} />
        </Panel>
        <Panel title="By device" range={range} table="sessions">
          <Breakdown rows={sessions.device} name={(v) => deviceNames[v] ?? v} total={sessions.total} />
        </Panel>
        <Panel title="Logged in or not" range={range} table="sessions">
          <Breakdown rows={sessions.account} name={(v) => accountNames[v] ?? v} total={sessions.total} />
        </Panel>
      </div>
      <Panel title="Listeners per stream" range={range} table="mounts">
        {insights.mounts.length === 0 ? (
          <p className="admin-muted">The radio host has not reported its streams yet.</p>
        ) : (
          <table className="insights-table">
            <thead>
              <tr>
                <th scope="col">Stream</th>
                <th scope="col">Peak</th>
                <th scope="col">Average</th>
              </tr>
            </thead>
            <tbody>
              {insights.mounts.map((m) => (
                <tr key={m.mount}>
                  <th scope="row">{m.quality ? `${qualityNames[m.quality]} ${m.mount}` : m.mount}</th>
                  <td>{m.peak}</td>
                  <td>{number.format(m.average)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
      <div className="insights-columns">
        <Panel title="Tracks that gain listeners" range={range} table="songs">
          <SongTable
            rows={insights.songImpact.gainers}
            empty="No track has gained listeners in this range yet."
          />
        </Panel>
        <Panel title="Tracks that lose listeners" range={range} table="songs">
          <SongTable
            rows={insights.songImpact.losers}
            empty="No track has lost listeners in this range yet."
          />
        </Panel>
      </div>
      <p className="admin-muted insights-note">
        Listener counts are the radio host's, read every second and kept per minute. Sessions are the site's
        own players; country and device are coarse and no address is stored.
        {insights.songImpact.computedAt &&
          ` Track tables worked out ${new Date(insights.songImpact.computedAt).toLocaleTimeString()}.`}
      </p>
    </>
  );
}

function ListenersNow() {
  const now = useQuery(insightsNowQueryOptions());
  return <Figure label="Listeners now" value={now.data?.listeners ?? null} />;
}

function Figure({ label, value }: { label: string; value: number | string | null }) {
  return (
    <div className="admin-card insights-figure">
      <dt>{label}</dt>
      <dd>{value === null ? "–" : typeof value === "number" ? number.format(value) : value}</dd>
    </div>
  );
}

function ListenersPublicSetting({ listenersPublic }: { listenersPublic: boolean }) {
  const id = useId();
  const save = useSetListenersPublic();
  async function change(checked: boolean) {
    try {
      await save.mutateAsync({ listenersPublic: checked });
      toast({ title: checked ? "Listeners see the count" : "The count is hidden from listeners" });
    } catch (error) {
      toast({
        title: "The setting was not changed",
        description: errorDetail(error),
        variant: "destructive",
      });
    }
  }
  return (
    <div className="admin-card insights-setting">
      <div className="admin-switch-row">
        <Switch.Root
          id={id}
          className="admin-switch"
          checked={save.isPending ? Boolean(save.variables?.listenersPublic) : listenersPublic}
          disabled={save.isPending}
          onCheckedChange={change}
        >
          <Switch.Thumb className="admin-switch-thumb" />
        </Switch.Root>
        <label htmlFor={id}>Show the listener count to listeners</label>
      </div>
      <p className="admin-muted admin-field-hint">
        On the home page and in the public API. The insights here count listeners either way.
      </p>
    </div>
  );
}

function Panel({
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
function SeriesTable({ insights }: { insights: Insights }) {
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
function Breakdown({
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

function SongTable({ rows, empty }: { rows: SongImpactRow[]; empty: string }) {
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
