// /pb/rewind ('Rewind'): what the operator lets listeners do with the recorded window (ADR 042),
// each with the reason it is a choice: a station's licence may allow live radio and nothing more.
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link } from "wouter";
import type { RewindSettings, RewindSettingsAnswer } from "#schema/api/rewind.ts";
import { errorDetail } from "#web/lib/queries/admin-pages.ts";
import { rewindSettingsQueryOptions, useSaveRewindSettings } from "#web/lib/queries/rewind-settings.ts";
import { toast } from "#web/ui/toast.tsx";
import { AdminOnly } from "./admin-only";
import "./rewind-screen.css";

export function AdminRewindScreen() {
  return (
    <AdminOnly title="Rewind">
      <section className="admin-screen admin-rewind">
        <div className="admin-header">
          <h1>Rewind</h1>
          <Link href="/pb" className="admin-button admin-button-secondary">
            Back to Content Management
          </Link>
        </div>
        <Settings />
      </section>
    </AdminOnly>
  );
}

function Settings() {
  const answer = useQuery(rewindSettingsQueryOptions());
  if (answer.isPending) return <p className="admin-muted">Loading...</p>;
  if (answer.isError)
    return (
      <p className="admin-field-error" role="alert">
        The settings could not be read: {errorDetail(answer.error)}
      </p>
    );
  // Remounted with what was saved, so the form starts from the server's answer.
  return <SettingsForm key={JSON.stringify(answer.data)} answer={answer.data} />;
}

/** The three choices a licence decides, with the line that says why. */
const choices: [keyof Omit<RewindSettings, "minutes">, string, string][] = [
  [
    "restartTrack",
    "Offer 'Restart this track'",
    "Plays the track being heard again from its first second. Replaying a track on request can make a " +
      "service interactive, which a non-interactive webcasting licence (such as SoundExchange's statutory " +
      "licence in the US) does not cover.",
  ],
  [
    "playFromHistory",
    "Offer playing a track from the history",
    "A play button on each track of the history still in the window, and the tracks marked on the " +
      "scrubber. Choosing a particular recording to hear is what interactive services do; statutory " +
      "licences exclude it.",
  ],
  [
    "relay",
    "Relay mode",
    "Live listeners hear the newest recorded segments from Cloudflare's edge instead of the host: the host " +
      "carries one connection per stream however many listen, and listeners hear the station about ten " +
      "seconds later. The listener count then counts the site's own players.",
  ],
];

function SettingsForm({ answer }: { answer: RewindSettingsAnswer }) {
  const [settings, setSettings] = useState<RewindSettings>(answer.settings);
  const save = useSaveRewindSettings();
  const id = useId();
  const recorded = answer.recordedMinutes;

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync(settings);
      toast({ title: "Saved", description: "Players follow within a minute." });
    } catch (error) {
      toast({ title: "Not saved", description: errorDetail(error), variant: "destructive" });
    }
  }

  if (recorded === 0)
    return (
      <p className="admin-muted" role="status">
        The station records nothing (REWIND_MINUTES is 0): listeners cannot go back and relay mode is off.
      </p>
    );
  return (
    <form className="admin-card admin-rewind-form" onSubmit={(e) => void submit(e)}>
      <div className="admin-field">
        <label htmlFor={`${id}-minutes`}>How far back listeners may go (minutes)</label>
        <input
          id={`${id}-minutes`}
          type="number"
          inputMode="numeric"
          min={0}
          max={recorded}
          step={1}
          required
          value={Number.isNaN(settings.minutes) ? "" : settings.minutes}
          aria-describedby={`${id}-minutes-why`}
          onChange={(e) => setSettings({ ...settings, minutes: e.currentTarget.valueAsNumber })}
        />
        <p className="admin-muted" id={`${id}-minutes-why`}>
          The station records the last {recorded} minutes (REWIND_MINUTES); 0 lets nobody go back. A
          non-interactive webcasting licence may limit pausing and going back: this is the limit the server
          holds to, whatever the player offers.
        </p>
      </div>
      {choices.map(([key, label, why]) => (
        <div className="admin-field admin-rewind-choice" key={key}>
          <label>
            <input
              type="checkbox"
              checked={settings[key]}
              aria-describedby={`${id}-${key}-why`}
              onChange={(e) => setSettings({ ...settings, [key]: e.currentTarget.checked })}
            />{" "}
            {label}
          </label>
          <p className="admin-muted" id={`${id}-${key}-why`}>
            {why}
          </p>
        </div>
      ))}
      <button type="submit" className="admin-button" disabled={save.isPending}>
        Save
      </button>
    </form>
  );
}
