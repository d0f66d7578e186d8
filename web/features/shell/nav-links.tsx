// The six links of the header and the mobile menu; every link scrolls to the top.
import { Link, useRoute } from "wouter";
import "./nav-links.css";

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

/** docs/product.md §2: clicking any link scrolls to the top, even the link to the current page. */
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
