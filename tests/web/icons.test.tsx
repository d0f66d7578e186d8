// Every icon of the site's set is drawn as it is painted: a shape painted by fill (no stroke of its
// own) must enclose an area. An open line in a filled icon paints nothing: the sleep timer's
// stopwatch, its hands such lines in a filled frame, showed as a plain white disc.
import { render } from "@testing-library/react";
import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import * as contentIcons from "#web/ui/content-icons.tsx";
import * as icons from "#web/ui/icons.tsx";
import * as trackIcons from "#web/ui/track-icons.tsx";

const sets = { icons, contentIcons, trackIcons } as Record<string, Record<string, unknown>>;
const frames = new Set(["Icon", "FilledIcon"]);
const everyIcon = Object.entries(sets).flatMap(([set, module]) =>
  Object.entries(module)
    .filter(([name]) => name.endsWith("Icon") && !frames.has(name))
    .map(([name, component]) => ({
      name: `${set}.${name}`,
      Component: component as ComponentType<{ filled?: boolean; muted?: boolean }>,
    })),
);

/** The value an element paints with, as SVG inherits it from its ancestors. */
function painted(element: Element, property: "fill" | "stroke"): string {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const value = node.getAttribute(property);
    if (value !== null) return value;
  }
  return property === "fill" ? "black" : "none";
}

/** Shapes painted by fill alone that enclose nothing. */
function drawnWrong(svg: SVGElement): string[] {
  const shapes = [...svg.querySelectorAll("path, circle, rect, line, polyline")];
  return shapes
    .filter((shape) => painted(shape, "stroke") === "none" && painted(shape, "fill") !== "none")
    .filter((shape) => {
      if (shape.tagName === "line" || shape.tagName === "polyline") return true;
      if (shape.tagName === "path") return !/z/i.test(shape.getAttribute("d") ?? "");
      return false;
    })
    .map((shape) => shape.outerHTML);
}

describe("the icon set", () => {
  it("has icons to check", () => {
    expect(everyIcon.length).toBeGreaterThan(15);
  });

  it.each(everyIcon)("$name paints every line it draws", ({ Component }) => {
    for (const props of [
      { filled: false, muted: false },
      { filled: true, muted: true },
    ]) {
      const { container, unmount } = render(<Component {...props} />);
      const svg = container.querySelector("svg");
      expect(svg).not.toBeNull();
      if (svg) expect(drawnWrong(svg)).toEqual([]);
      unmount();
    }
  });
});
