import { youtubeSearchUrl } from "../lib/tracks";
import { YouTubeIcon } from "./content-icons";

export function YouTubeLink({ track }: { track: { title: string; artist: string } }) {
  return (
    <a
      className="icon-button youtube-link"
      href={youtubeSearchUrl(track)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Search ${track.title} by ${track.artist} on YouTube`}
      title="Search on YouTube"
    >
      <YouTubeIcon />
    </a>
  );
}
