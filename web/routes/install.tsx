import { station } from "#schema/station.ts";
import { usePageMeta } from "../ui/page-meta";
import "./install.css";

export function InstallScreen() {
  usePageMeta("Install the App", `Add ${station.name} to your home screen on iPhone, iPad or Android.`);
  return (
    <div className="stack">
      <header className="page-head">
        <h1>Install {station.name}</h1>
        <p className="lead">
          Put the radio on your home screen: it opens like an app, full screen, in one tap.
        </p>
      </header>
      <div className="two-columns">
        <section className="card" aria-labelledby="ios-title">
          <h2 id="ios-title">iPhone and iPad</h2>
          <ol className="steps">
            <li>Open this site in Safari.</li>
            <li>Tap the Share button (the square with an arrow pointing up).</li>
            <li>Scroll down and tap Add to Home Screen.</li>
            <li>Tap Add in the top-right corner.</li>
          </ol>
        </section>
        <section className="card" aria-labelledby="android-title">
          <h2 id="android-title">Android</h2>
          <ol className="steps">
            <li>Open this site in Chrome.</li>
            <li>Tap the menu button (three dots) in the top-right corner.</li>
            <li>Tap Install app (or Add to Home screen).</li>
            <li>Confirm with Install.</li>
          </ol>
        </section>
      </div>
      <section className="card" aria-labelledby="benefits-title">
        <h2 id="benefits-title">Why install?</h2>
        <ul className="benefits">
          <li>One tap from your home screen to the music</li>
          <li>Full-screen player without the browser's bars</li>
          <li>Opens even when you are offline, and tells you so</li>
          <li>Lock-screen and headphone controls while it plays</li>
          <li>No app store, no updates to install, no space used</li>
        </ul>
      </section>
    </div>
  );
}
