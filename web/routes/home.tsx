// The home page (docs/product.md §2). The hero (with Start Listening) is in the first load; the
// sections below it are a lazy chunk that hydrates after it (web/ui/deferred.tsx).

import { homepageHeroSlug } from "../lib/constants";
import { usePublishedPages } from "../lib/queries/pages";
import { deferred } from "../ui/deferred";
import { usePageMeta } from "../ui/page-meta";
import { Hero } from "./home-hero";
import "../ui/track.css";
import "./home.css";

const HomeSections = deferred(() => import("./home-sections").then((m) => m.HomeSections));

export function HomeScreen() {
  usePageMeta(undefined);
  const { data: pages } = usePublishedPages();
  const heroSettings = pages?.find((page) => page.slug === homepageHeroSlug);
  return (
    <div className="home">
      <Hero settings={heroSettings} />
      <HomeSections />
    </div>
  );
}
