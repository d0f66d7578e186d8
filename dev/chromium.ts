// Debian's Chromium, as the end-to-end tests and the Lighthouse benchmark start it. Without
// the background-networking flags it keeps trying to reach Google's hosts from a closed network.
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
