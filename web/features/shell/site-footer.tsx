import { Link } from "wouter";
import { station } from "#schema/station.ts";
import { stationLinks } from "#schema/station-links.ts";
import { scrollToTop } from "./nav-links";

const footerLinks = [
  { href: "/", label: "Home" },
  { href: "/about", label: "About" },
  { href: "/history", label: "Track History" },
  { href: "/favorites", label: "Favorites" },
  { href: "/analytics", label: "Statistics" },
  { href: "/contact", label: "Contact" },
  { href: "/install", label: "Install the App" },
] as const;

const legalLinks = [
  { href: "/page/privacy", label: "Privacy Policy" },
  { href: "/page/terms", label: "Terms of Service" },
] as const;

function FooterLinkList({ links }: { links: readonly { href: string; label: string }[] }) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.href}>
          <Link href={link.href} onClick={scrollToTop}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-title">
            {station.name}
          </h2>
          <p>
            Commercial-free lounge, chillout and Nujazz, 24/7 in <strong>{station.bitrateClaim}</strong>{" "}
            audio.
          </p>
        </section>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="footer-title">
            Explore
          </h2>
          <FooterLinkList links={footerLinks} />
        </nav>
        <nav aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-title">
            Contact
          </h2>
          <ul>
            <li>
              <a href={`mailto:${station.contactEmail}`}>{station.contactEmail}</a>
            </li>
            <li>
              <a href={stationLinks.mapsListingUrl} target="_blank" rel="noopener noreferrer">
                Find us on Maps
              </a>
            </li>
            {stationLinks.social.map((profile) => (
              <li key={profile.network}>
                <a href={profile.url} target="_blank" rel="noopener noreferrer">
                  {profile.network}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="footer-title">
            Legal
          </h2>
          <FooterLinkList links={legalLinks} />
        </nav>
      </div>
      <p className="copyright">
        © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {station.name}. All rights
        reserved.
      </p>
    </footer>
  );
}
