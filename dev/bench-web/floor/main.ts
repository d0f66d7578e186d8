// bench:web's floor: React 19 hydrating the four elements of index.html, and nothing else.
import { createElement as h, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { yieldToBrowser } from "../../../web/lib/idle.ts";

function Floor() {
  const [playing, setPlaying] = useState(false);
  return h(
    "main",
    null,
    h("h1", null, "Lounge Radio"),
    h("p", null, "Commercial-free lounge, chillout and Nujazz, 24/7."),
    h(
      "button",
      { type: "button", onClick: () => setPlaying(!playing) },
      playing ? "Stop" : "Start Listening",
    ),
  );
}

// As the site starts (web/main.tsx, ADR 055): hydration in a task after the script's evaluation.
// The site also starts React-DOM in a task of its own (ADR 068); here the script is little more
// than React, so that task would be this one.
const root = document.getElementById("root");
void yieldToBrowser().then(() => {
  if (root) hydrateRoot(root, h(Floor));
});
