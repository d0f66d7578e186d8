// The spec's placeholder page; its footer links include paths that are not routes of the product.
import { Link } from "wouter";
import { usePageMeta } from "../ui/page-meta";
import "./template.css";

const templateLinks = [
  { href: "/", label: "Home" },
  { href: "/about", label: "About" },
  { href: "/services", label: "Services" },
  { href: "/contact", label: "Contact" },
  { href: "/privacy", label: "Privacy" },
  { href: "/terms", label: "Terms" },
] as const;

export function TemplateScreen() {
  usePageMeta("Template", "A placeholder page.");
  return (
    <div className="stack template">
      <header className="page-head">
        <h1>Page Title</h1>
        <p className="lead">This is a placeholder page. Replace this text with your content.</p>
      </header>
      <section className="card">
        <h2>Section heading</h2>
        <p>Content for this section goes here.</p>
      </section>
      <nav aria-label="Template footer" className="template-footer">
        <ul className="link-row">
          {templateLinks.map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
