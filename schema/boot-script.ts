// The one inline script of every HTML document. The prerender step inlines it (no
// render-blocking request); the worker's CSP admits exactly this script by its SHA-256 hash.
// 1. It applies the stored theme before first paint, so there is no flash of the wrong theme.
//    "theme" is the web's themeStorageKey; dark is the default.
// 2. A prerendered page served for another path (the SPA fallback) keeps its main area hidden
//    until the app has rendered.
// 3. It starts the app's entry script (the first path of <meta name="app-entry">) only after the
//    first paint: at DOMContentLoaded, then the next frame, then a task (after that frame's paint).
//    The prerendered page paints without JavaScript, so nothing of the app's download or start
//    stands before it (ADR 024). A hidden tab paints nothing, so it starts at once. With it, it
//    preloads the chunks the entry imports (the meta's other paths, ADR 057) and the chunks the
//    page imports as it starts hydrating (<meta name="app-preload">, ADR 056), these unless the
//    HTML was made for another path.
// 4. A press on a painted button before the app owns the page is kept, not lost: the button is
//    marked aria-busy and kept in window.__press, and the app presses it again once it has
//    hydrated (web/ui/early-press.ts, ADR 035). From the moment the app starts hydrating
//    (window.__app), React takes presses itself and the listener goes (window.__stopPress).
// 5. Where the browser plays through Media Source Extensions and the station's rewind was not
//    found off last time ("rewind" is the web's rewindShownKey), it marks the page data-rewind:
//    a phone's player bar keeps the rewind controls' row from first paint, so it does not grow
//    when they come (ADR 063).
export const bootScript =
  '(function(d){var w=window,h=d.documentElement;function p(e){var t=e.target,b=!w.__app&&t&&t.closest&&t.closest("button");if(b&&!b.disabled){w.__press=b;b.setAttribute("aria-busy","true")}}d.addEventListener("click",p,true);w.__stopPress=function(){d.removeEventListener("click",p,true)};try{h.classList.toggle("dark",localStorage.getItem("theme")!=="light");if(localStorage.getItem("rewind")!=="off"&&(w.MediaSource||w.ManagedMediaSource))h.setAttribute("data-rewind","")}catch(e){}var r=h.getAttribute("data-route");if(r&&r!==location.pathname.replace(/(.)\\/$/,"$1"))h.classList.add("route-pending");function g(){var m=d.querySelector(\'meta[name="app-entry"]\'),q=d.querySelector(\'meta[name="app-preload"]\'),u=m?m.content.split(" "):[];if(u[0]){var s=d.createElement("script");s.type="module";s.src=u[0];d.head.appendChild(s)}if(q&&!h.classList.contains("route-pending"))u=u.concat(q.content.split(" "));u.slice(1).forEach(function(x){var l=d.createElement("link");l.rel="modulepreload";l.href=x;d.head.appendChild(l)})}d.addEventListener("DOMContentLoaded",function(){d.visibilityState==="hidden"?g():requestAnimationFrame(function(){setTimeout(g)})})})(document);';

/** Where web/index.html asks for the script; the prerender step puts it there. */
export const bootScriptMarker = "<!-- boot-script -->";

/**
 * The meta that names the entry script, then the chunks it imports (space-separated paths); the
 * prerender step puts it where Vite put the script.
 */
export const appEntryMeta = (src: string, imports: readonly string[] = []) =>
  `<meta name="app-entry" content="${[src, ...imports].join(" ")}">`;

/** The meta that names the chunks a page imports as it starts (space-separated paths, ADR 056). */
export const appPreloadMeta = (paths: readonly string[]) =>
  `<meta name="app-preload" content="${paths.join(" ")}">`;

/** Finds each such meta in an HTML document; group 1 is its paths, the entry's first. */
export const appEntryMetas = /<meta name="app-entry" content="([^"]+)">/g;

/** The CSP source that admits an inline script of exactly `text`: 'sha256-<base64>'. */
export async function cspScriptHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  let binary = "";
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return `'sha256-${btoa(binary)}'`;
}

let hash: Promise<string> | undefined;

/** The CSP source for the inline script: 'sha256-<base64>'. */
export function bootScriptHash(): Promise<string> {
  hash ??= cspScriptHash(bootScript);
  return hash;
}
