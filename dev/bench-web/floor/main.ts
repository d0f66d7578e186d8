// bench:web's floor: React 19 hydrating the four elements of index.html, and nothing else.
import { createElement as h, useState } from "react";
import { hydrateRoot } from "react-dom/client";

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

const root = document.getElementById("root");
if (root) hydrateRoot(root, h(Floor));
