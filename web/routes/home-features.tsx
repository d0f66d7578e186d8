// The home page's "Why listen" cards (docs/product.md §2), on the first screen of a phone: a part
// that hydrates as the page starts, apart from the sections below it (routes/home.tsx).
import { station } from "#schema/station.ts";
import { ClockIcon, HeadphonesIcon, NoAdsIcon } from "../ui/content-icons";

const features = [
  { icon: <HeadphonesIcon />, title: "HD Quality", text: `Crystal-clear ${station.bitrateClaim} audio.` },
  { icon: <ClockIcon />, title: "24/7 Music", text: "Lounge, chillout and Nujazz around the clock." },
  { icon: <NoAdsIcon />, title: "No Commercials", text: "Pure music, never interrupted by ads." },
];

export function WhyListen() {
  return (
    <ul className="feature-grid" aria-label="Why listen">
      {features.map((feature) => (
        <li key={feature.title} className="card feature-card">
          <span className="feature-icon">{feature.icon}</span>
          <h2>{feature.title}</h2>
          <p className="muted">{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}
