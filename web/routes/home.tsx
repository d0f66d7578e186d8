// The home page (docs/product.md §2). The hero (with Start Listening) is in the first load; the
// "Why listen" cards hydrate after it, and the sections below them once they near the viewport
// (web/ui/deferred.tsx): below the fold on a phone, they are not rendered or hydrated as the page
// starts (their code comes with the cards').

import { homepageHeroSlug } from "../lib/constants";
import { usePublishedPages } from "../lib/queries/pages";
import { deferred } from "../ui/deferred";
import { usePageMeta } from "../ui/page-meta";
import { Hero } from "./home-hero";
import "../ui/track.css";
import "./home.css";

const WhyListen = deferred(() => import("./home-features").then((m) => m.WhyListen));
const HomeSections = deferred(() => import("./home-sections").then((m) => m.HomeSections), {
  whenVisible: true,
});

export function HomeScreen() {
  usePageMeta(undefined);
  const { data: pages } = usePublishedPages();
  const heroSettings = pages?.find((page) => page.slug === homepageHeroSlug);
  return (
    <div className="home">
      <Hero settings={heroSettings} />
      <WhyListen />
      <HomeSections />
    </div>
  );
}
