// /pb/reports ('Performance Reports', ADR 038): the period's plays summed up as the rights
// organisations ask, the recordings still without an ISRC (fill them in here), who files, and
// the downloads: SoundExchange's Report of Use and every play as CSV.
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link } from "wouter";
import type { ReportFiler, ReportRecording } from "#schema/api/reports.ts";
import { errorDetail } from "#web/lib/queries/admin-pages.ts";
import {
  lastMonth,
  type Period,
  playsCsvHref,
  reportFilerQueryOptions,
  reportSummaryQueryOptions,
  soundExchangeHref,
  useSaveReportFiler,
  useSetRecordingCodes,
} from "#web/lib/queries/reports.ts";
import { toast } from "#web/ui/toast.tsx";
import { AdminOnly } from "./admin-only";
import "./reports-screen.css";

export function AdminReportsScreen() {
  return (
    <AdminOnly title="Performance Reports">
      <Reports />
    </AdminOnly>
  );
}

const number = new Intl.NumberFormat("en-US");

function Reports() {
  const [period, setPeriod] = useState<Period>(() => lastMonth());
  const valid = period.from !== "" && period.to !== "" && period.from <= period.to;
  const filer = useQuery(reportFilerQueryOptions());
  const id = useId();
  return (
    <section className="admin-screen admin-reports">
      <div className="admin-header">
        <h1>Performance Reports</h1>
        <Link href="/pb" className="admin-button admin-button-secondary">
          Back to Content Management
        </Link>
      </div>
      <p className="admin-muted">
        What the station played over a period and to how many, as rights organisations ask for it. Times are
        UTC; both days are included.
      </p>
      <div className="admin-reports-period">
        <div className="admin-field">
          <label htmlFor={`${id}-from`}>From</label>
          <input
            id={`${id}-from`}
            type="date"
            value={period.from}
            onChange={(e) => setPeriod({ ...period, from: e.target.value })}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-to`}>To</label>
          <input
            id={`${id}-to`}
            type="date"
            value={period.to}
            onChange={(e) => setPeriod({ ...period, to: e.target.value })}
          />
        </div>
        <button
          type="button"
          className="admin-button admin-button-secondary"
          onClick={() => setPeriod(lastMonth())}
        >
          Last month
        </button>
      </div>
      {valid ? (
        <Summary period={period} filed={filer.isSuccess ? Boolean(filer.data.filer) : null} />
      ) : (
        <p className="admin-field-error" role="alert">
          Choose a period whose first day is not after its last.
        </p>
      )}
      {filer.isPending ? (
        <p className="admin-muted">Loading who files...</p>
      ) : filer.isError ? (
        <p className="admin-field-error" role="alert">
          Could not load who files: {errorDetail(filer.error)}
        </p>
      ) : (
        <FilerForm saved={filer.data.filer} />
      )}
    </section>
  );
}

/** `filed`: whether someone files (null while that is not known yet). */
function Summary({ period, filed }: { period: Period; filed: boolean | null }) {
  const summary = useQuery(reportSummaryQueryOptions(period));
  if (summary.isPending) return <p className="admin-muted">Reading the period's plays...</p>;
  if (summary.isError) {
    return (
      <p className="admin-field-error" role="alert">
        Could not read the period: {errorDetail(summary.error)}
      </p>
    );
  }
  const s = summary.data;
  const unfollowed = s.plays - s.followedPlays;
  return (
    <>
      <dl className="admin-reports-figures" aria-label="The period in figures">
        {(
          [
            ["Plays", s.plays],
            ["Recordings", s.recordings],
            ["With an ISRC", s.recordingsWithIsrc],
            ["Performances", s.performances],
            ["Aggregate tuning hours", s.tuningHours],
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{number.format(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="admin-muted">
        Performances are each play's average listeners, rounded. Tuning hours come from the listener counts of{" "}
        {number.format(s.sampledHours)} of the period's {number.format(s.hours)} hours.
        {unfollowed > 0 &&
          ` ${number.format(unfollowed)} plays have no listener figures (the live room did not follow them): their performances are left empty, not guessed.`}
      </p>
      <div className="admin-reports-downloads">
        {filed ? (
          <a className="admin-button" href={soundExchangeHref(period)} download>
            Download SoundExchange report
          </a>
        ) : (
          filed === false && (
            <p className="admin-field-hint">
              Fill in who files below to download SoundExchange's Report of Use.
            </p>
          )
        )}
        <a className="admin-button admin-button-secondary" href={playsCsvHref(period)} download>
          Download every play (CSV)
        </a>
      </div>
      <h2>Recordings without an ISRC</h2>
      {s.missingTotal === 0 ? (
        <p className="admin-muted">Every recording of the period has an ISRC.</p>
      ) : (
        <>
          <p className="admin-muted">
            Most played first. Without an ISRC, the album and label identify a recording: add either here.
            {s.missingTotal > s.missing.length &&
              ` ${number.format(s.missingTotal - s.missing.length)} more are not shown.`}
          </p>
          <ul className="admin-pages">
            {s.missing.map((recording) => (
              <RecordingCodes key={`${recording.artist}\n${recording.title}`} recording={recording} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function RecordingCodes({ recording }: { recording: ReportRecording }) {
  const [isrc, setIsrc] = useState(recording.isrc ?? "");
  const [label, setLabel] = useState(recording.label ?? "");
  const save = useSetRecordingCodes();
  const id = useId();
  const name = `${recording.title} by ${recording.artist}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({ title: recording.title, artist: recording.artist, isrc, label });
      toast({ title: "Recording saved", description: name });
    } catch (error) {
      toast({
        title: "The recording was not saved",
        description: errorDetail(error),
        variant: "destructive",
      });
    }
  }

  return (
    <li className="admin-card">
      <form className="admin-reports-recording" onSubmit={(e) => void submit(e)} aria-label={name}>
        <div className="admin-reports-recording-name">
          <p className="admin-cover-title">{recording.title}</p>
          <p className="admin-muted">
            {recording.artist} ·{" "}
            {recording.plays === 1 ? "1 play" : `${number.format(recording.plays)} plays`}
          </p>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-isrc`}>ISRC</label>
          <input
            id={`${id}-isrc`}
            value={isrc}
            onChange={(e) => setIsrc(e.target.value)}
            placeholder="CC-XXX-YY-NNNNN"
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-label`}>Label</label>
          <input id={`${id}-label`} value={label} onChange={(e) => setLabel(e.target.value)} />
        </div>
        <button
          type="submit"
          className="admin-button admin-button-secondary"
          disabled={save.isPending}
          aria-label={`Save the ISRC and label of ${name}`}
        >
          Save
        </button>
      </form>
    </li>
  );
}

const filerFields: [keyof ReportFiler, string, string][] = [
  ["serviceName", "Name of the service", "organization"],
  ["contactName", "Contact name", "name"],
  ["street", "Street address", "street-address"],
  ["cityStateZip", "City, state and ZIP code", "address-level2"],
  ["phone", "Telephone", "tel"],
  ["email", "E-mail", "email"],
];

const emptyFiler: ReportFiler = {
  serviceName: "",
  contactName: "",
  street: "",
  cityStateZip: "",
  phone: "",
  email: "",
};

function FilerForm({ saved }: { saved: ReportFiler | null }) {
  const [filer, setFiler] = useState<ReportFiler>(saved ?? emptyFiler);
  const save = useSaveReportFiler();
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync(filer);
      toast({ title: "Saved", description: "The next reports name them as the filer." });
    } catch (error) {
      toast({ title: "Not saved", description: errorDetail(error), variant: "destructive" });
    }
  }

  return (
    <form
      className="admin-card admin-reports-filer"
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Who files</h2>
      <p className="admin-muted">SoundExchange's Report of Use opens with these. Kept for the next report.</p>
      {filerFields.map(([field, text, autoComplete]) => (
        <div className="admin-field" key={field}>
          <label htmlFor={`${id}-${field}`}>{text}</label>
          <input
            id={`${id}-${field}`}
            type={field === "email" ? "email" : field === "phone" ? "tel" : "text"}
            autoComplete={autoComplete}
            required
            maxLength={255}
            value={filer[field]}
            onChange={(e) => setFiler({ ...filer, [field]: e.target.value })}
          />
        </div>
      ))}
      <button type="submit" className="admin-button" disabled={save.isPending}>
        Save
      </button>
    </form>
  );
}
