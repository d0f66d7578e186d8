// The script that applies the stored theme before first paint, so there is no flash of the
// wrong theme. The prerender step inlines it into every HTML document (no render-blocking
// request); the worker's CSP admits exactly this script by its SHA-256 hash.
// "theme" is the web's themeStorageKey; dark is the default. A prerendered page served for
// another path (the SPA fallback) keeps its main area hidden until the app has rendered.
export const themeInitScript =
  '(function(d){var h=d.documentElement;try{h.classList.toggle("dark",localStorage.getItem("theme")!=="light")}catch(e){}var r=h.getAttribute("data-route");if(r&&r!==location.pathname.replace(/(.)\\/$/,"$1"))h.classList.add("route-pending")})(document);';

/** Where web/index.html asks for the script; the prerender step puts it there. */
export const themeInitMarker = "<!-- theme-init -->";

let hash: Promise<string> | undefined;

/** The CSP source for the inline script: 'sha256-<base64>'. */
export function themeInitScriptHash(): Promise<string> {
  hash ??= crypto.subtle.digest("SHA-256", new TextEncoder().encode(themeInitScript)).then((digest) => {
    let binary = "";
    for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
    return `'sha256-${btoa(binary)}'`;
  });
  return hash;
}
