// /pb/covers ('Track Covers'): the recently played tracks with the cover each shows, where it
// came from, and the admin's fixes: upload a better cover, or mark a wrong match as none. Once
// set, it holds for every listener and every play, and no lookup replaces it.
import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, type ReactNode, useRef } from "react";
import { Link } from "wouter";
import type { TrackCover } from "#schema/api.ts";
import { errorDetail } from "#web/lib/queries/admin-pages.ts";
import { trackCoversQueryOptions, useSetTrackCover } from "#web/lib/queries/track-artwork.ts";
import { uploadImage } from "#web/lib/upload.ts";
import { toast } from "#web/ui/toast.tsx";
import { TrackArtwork } from "#web/ui/track-artwork.tsx";
import { AdminOnly } from "./admin-only";
import "./covers-screen.css";

const sourceText: Record<NonNullable<TrackCover["source"]> | "none", string> = {
  host: "Sent by the radio host",
  provider: "Found on MusicBrainz",
  admin: "Set by you",
  none: "No cover: the station's mark",
};

export function AdminCoversScreen() {
  return (
    <AdminOnly title="Track Covers">
      <TrackCovers />
    </AdminOnly>
  );
}

function TrackCovers() {
  const covers = useQuery(trackCoversQueryOptions());
  let body: ReactNode;
  if (covers.isPending) body = <p className="admin-muted">Loading covers...</p>;
  else if (covers.isError) {
    body = (
      <p className="admin-field-error" role="alert">
        Could not load the covers: {errorDetail(covers.error)}
      </p>
    );
  } else if (covers.data.length === 0) body = <p className="admin-muted">No tracks played yet.</p>;
  else {
    body = (
      <ul className="admin-pages admin-covers">
        {covers.data.map((cover) => (
          <CoverItem key={`${cover.artist}\n${cover.title}`} cover={cover} />
        ))}
      </ul>
    );
  }
  return (
    <section className="admin-screen">
      <div className="admin-header">
        <h1>Track Covers</h1>
        <Link href="/pb" className="admin-button admin-button-secondary">
          Back to Content Management
        </Link>
      </div>
      <p className="admin-muted">
        The tracks played most recently, each once. A cover you upload or remove here holds for every listener
        and every play of the track.
      </p>
      {body}
    </section>
  );
}

function CoverItem({ cover }: { cover: TrackCover }) {
  const setCover = useSetTrackCover();
  const fileInput = useRef<HTMLInputElement>(null);
  const name = `${cover.title} by ${cover.artist}`;

  async function save(image: string | null, done: string) {
    try {
      await setCover.mutateAsync({ title: cover.title, artist: cover.artist, image });
      toast({ title: done, description: name });
    } catch (error) {
      toast({ title: "The cover was not changed", description: errorDetail(error), variant: "destructive" });
    }
  }

  async function replace(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    try {
      const url = await uploadImage(file).promise;
      await save(url, "Cover replaced");
    } catch (error) {
      toast({ title: "Upload failed", description: errorDetail(error), variant: "destructive" });
    }
  }

  return (
    <li className="admin-card admin-cover">
      <TrackArtwork src={cover.artwork} size={64} label={cover.album || cover.title} />
      <div className="admin-cover-text">
        <p className="admin-cover-title">{cover.title}</p>
        <p className="admin-muted">{cover.artist}</p>
        <p className="admin-cover-source">{sourceText[cover.artwork ? (cover.source ?? "host") : "none"]}</p>
      </div>
      <div className="admin-cover-actions">
        <button
          type="button"
          className="admin-button admin-button-secondary"
          onClick={() => fileInput.current?.click()}
          disabled={setCover.isPending}
          aria-label={`Replace the cover of ${name}`}
        >
          Replace cover
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          className="admin-visually-hidden"
          tabIndex={-1}
          aria-label={`Cover image for ${name}`}
          onChange={(event) => void replace(event)}
        />
        <button
          type="button"
          className="admin-button admin-button-secondary"
          onClick={() => void save(null, "Cover removed")}
          disabled={setCover.isPending || (cover.artwork === null && cover.source === "admin")}
          aria-label={`No cover for ${name}`}
        >
          No cover
        </button>
      </div>
    </li>
  );
}
