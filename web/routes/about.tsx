import { Link } from "wouter";
import { station } from "#schema/station.ts";
import { stationLinks } from "#schema/station-links.ts";
import { officeAudioSlug } from "../lib/constants";
import { ExternalIcon } from "../ui/content-icons";
import { Licences } from "../ui/licences";
import { usePageMeta } from "../ui/page-meta";

export function AboutScreen() {
  usePageMeta(
    "About",
    `The story of ${station.name}: hand-picked lounge, chillout and Nujazz, commercial-free since ${station.streamingSince}.`,
  );
  return (
    <div className="stack">
      <header className="page-head">
        <h1>About {station.name}</h1>
        <p className="lead">{station.tagline}</p>
      </header>
      <div className="card-grid">
        <section className="card">
          <h2>Our Story</h2>
          <p>
            Since {station.streamingSince} we have streamed lounge, chillout and Nujazz around the clock,
            without a single commercial. What began as a passion project now reaches listeners all over the
            world.
          </p>
        </section>
        <section className="card">
          <h2>Sound Quality</h2>
          <p>
            Every track streams in {station.bitrateClaim}, so the warm basslines and soft vocals sound the way
            the artists meant them to.
          </p>
        </section>
        <section className="card">
          <h2>Curation</h2>
          <p>
            A library of {station.trackCountClaim} tracks, chosen by ear rather than by algorithm, for
            working, relaxing and winding down.
          </p>
        </section>
      </div>
      <section className="card">
        <h2>Licensed</h2>
        <p>All music is played under licence from the rights organisations:</p>
        <Licences />
        <p>
          Questions? Write to <a href={`mailto:${station.contactEmail}`}>{station.contactEmail}</a>.
        </p>
      </section>
      <section className="card banner">
        <h2>Enjoying the music?</h2>
        <p>A short review helps other listeners find us.</p>
        <a className="button" href={stationLinks.reviewUrl} target="_blank" rel="noopener noreferrer">
          Write a review <ExternalIcon />
        </a>
      </section>
      <section className="card">
        <h2>Music for your office</h2>
        <p>Bring the same calm to your workplace with our office audio service.</p>
        <div className="app-link-row">
          <a
            className="button button-ghost"
            href={stationLinks.officeAudioUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            Office audio <ExternalIcon />
          </a>
          <Link href={`/page/${officeAudioSlug}`} className="text-link">
            Read about office audio
          </Link>
        </div>
      </section>
    </div>
  );
}
