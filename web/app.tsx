// App shell (header, main) and the wouter route table.
import { Link, Route, Switch, useRoute } from "wouter";
import { station } from "../schema/station";
import { HomeScreen } from "./routes/home";
import { NotFoundScreen } from "./routes/not-found";
import { Toaster } from "./ui/toast";

const leftLinks = [
  { href: "/", label: "HOME" },
  { href: "/about", label: "ABOUT PB" },
  { href: "/history", label: "TRACK HISTORY" },
] as const;

const rightLinks = [
  { href: "/favorites", label: "FAVORITES" },
  { href: "/analytics", label: "PM STATS" },
  { href: "/contact", label: "CONTACT" },
] as const;

function NavLink({ href, label }: { href: string; label: string }) {
  const [active] = useRoute(href);
  return (
    <Link href={href} aria-current={active ? "page" : undefined} className="nav-link">
      {label}
    </Link>
  );
}

export function SiteHeader() {
  return (
    <header className="site-header">
      <nav aria-label="Main" className="site-nav">
        <ul>
          {leftLinks.map((link) => (
            <li key={link.href}>
              <NavLink {...link} />
            </li>
          ))}
        </ul>
        <Link href="/" className="brand">
          {station.name}
        </Link>
        <ul>
          {rightLinks.map((link) => (
            <li key={link.href}>
              <NavLink {...link} />
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

export function App() {
  return (
    <>
      <SiteHeader />
      <main className="site-main">
        <Switch>
          <Route path="/" component={HomeScreen} />
          <Route component={NotFoundScreen} />
        </Switch>
      </main>
      <Toaster />
    </>
  );
}
