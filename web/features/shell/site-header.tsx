// The sticky header: two link groups around the brand, the sleep-timer button, the theme
// toggle, and on narrow screens a menu of all six links (mobile-menu.tsx).
import { lazy, Suspense, useRef, useState } from "react";
import { Link } from "wouter";
import { station } from "#schema/station.ts";
import { deferred } from "#web/ui/deferred.tsx";
import { MenuIcon } from "#web/ui/icons.tsx";
import { Logo } from "#web/ui/logo.tsx";
import { ThemeToggle } from "../theme";
import { leftLinks, NavLink, rightLinks, scrollToTop } from "./nav-links";
import "./site-header.css";

const SleepTimerButton = deferred(() => import("../sleep-timer").then((m) => m.SleepTimerButton));

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
        data-tooltip=""
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
