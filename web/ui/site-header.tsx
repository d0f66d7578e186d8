// The sticky header: two link groups around the brand, the sleep-timer button, the theme
// toggle, and on narrow screens a menu of all six links (web/ui/mobile-menu.tsx).
import { lazy, Suspense, useRef, useState } from "react";
import { Link, useRoute } from "wouter";
import { station } from "../../schema/station";
import { SleepTimerButton } from "../features/sleep-timer";
import { ThemeToggle } from "../features/theme";
import { MenuIcon } from "./icons";
import { Logo } from "./logo";

export const leftLinks = [
  { href: "/", label: "HOME" },
  { href: "/about", label: "ABOUT PB" },
  { href: "/history", label: "TRACK HISTORY" },
] as const;

export const rightLinks = [
  { href: "/favorites", label: "FAVORITES" },
  { href: "/analytics", label: "PM STATS" },
  { href: "/contact", label: "CONTACT" },
] as const;

/** SPEC section 2: clicking any link scrolls to the top, even the link to the current page. */
export function scrollToTop() {
  window.scrollTo({ top: 0, left: 0 });
}

export function NavLink({ href, label, onSelect }: { href: string; label: string; onSelect?: () => void }) {
  const [active] = useRoute(href);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className="nav-link"
      onClick={() => {
        scrollToTop();
        onSelect?.();
      }}
    >
      {label}
    </Link>
  );
}

const loadMobileMenu = () => import("./mobile-menu");
const MobileMenu = lazy(loadMobileMenu);

function MobileMenuButton() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-button menu-button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadMobileMenu()}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <MobileMenu open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <nav aria-label="Main" className="site-nav">
          <ul className="nav-group">
            {leftLinks.map((link) => (
              <li key={link.href}>
                <NavLink {...link} />
              </li>
            ))}
          </ul>
          <Link href="/" className="brand" onClick={scrollToTop}>
            <Logo size={28} />
            <span>{station.name}</span>
          </Link>
          <ul className="nav-group">
            {rightLinks.map((link) => (
              <li key={link.href}>
                <NavLink {...link} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          <SleepTimerButton />
          <ThemeToggle />
          <MobileMenuButton />
        </div>
      </div>
    </header>
  );
}
