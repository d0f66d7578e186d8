// /pb/insights ('Station Insights', ADR 021): how many listened, how long, from where and on
// what, and which tracks keep them, over 24 hours to 90 days; each table also as CSV. The admin
// also chooses here whether listeners see the live count.
import * as Switch from "@radix-ui/react-switch";
import { useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useId, useState } from "react";
import { Link } from "wouter";
import { type Insights, type InsightsRange, insightsRanges } from "#schema/api/insights.ts";
import { errorDetail } from "#web/lib/queries/admin-pages.ts";
import {
  insightsNowQueryOptions,
  insightsQueryOptions,
  useSetListenersPublic,
} from "#web/lib/queries/insights.ts";
import { toast } from "#web/ui/toast.tsx";
import { AdminOnly } from "../admin-only";
import {
  accountNames,
  countryName,
  deviceNames,
  duration,
  lengthNames,
  number,
  qualityNames,
  rangeNames,
  viaNames,
} from "./insights-format";
import { Breakdown, Figure, Panel, SeriesTable, SongTable } from "./insights-tables";
import "./insights-screen.css";

// uPlot only once there is something to draw.
const ListenersChart = lazy(() => import("./listeners-chart").then((m) => ({ default: m.ListenersChart })));

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
        <Panel title="On the site or embedded" range={range} table="sessions">
          <Breakdown rows={sessions.via} name={(v) => viaNames[v] ?? v} total={sessions.total} />
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
