// Runs blocking from <head>, before first paint, so the stored theme shows without a flash
// (the CSP allows no inline script). "theme" is constants.themeStorageKey; dark is the default.
// A prerendered page served for another path (the SPA fallback) keeps its main area hidden
// until the app has rendered the right screen.
((d) => {
  var h = d.documentElement;
  try {
    h.classList.toggle("dark", localStorage.getItem("theme") !== "light");
  } catch {}
  var r = h.getAttribute("data-route");
  if (r && r !== location.pathname.replace(/(.)\/$/, "$1")) h.classList.add("route-pending");
})(document);
