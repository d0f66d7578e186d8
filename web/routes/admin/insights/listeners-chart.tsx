// The listeners-over-time chart of /pb/insights: uPlot (small and fast; ADR 021) drawing the
// average per step and the peak, in the theme's colours, redrawn when the theme or the width
// changes. The canvas is hidden from screen readers: the table next to it says the same.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { Insights } from "#schema/api/insights.ts";
import { useTheme } from "#web/features/theme/theme.ts";

const height = 260;

export function ListenersChart({ series }: { series: Insights["series"] }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the colours come from CSS, so a theme change must redraw.
  useEffect(() => {
    const element = box.current;
    // No canvas to draw on (a test's DOM): the table alone shows the figures.
    if (!element || !document.createElement("canvas").getContext("2d")) return;
    const style = getComputedStyle(element);
    const colour = (name: string) => style.getPropertyValue(name).trim();
    const axis = {
      stroke: colour("--muted"),
      grid: { stroke: colour("--border") },
      ticks: { stroke: colour("--border") },
    };
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height,
        series: [
          {},
          { label: "Average", stroke: colour("--accent"), width: 2, fill: `${colour("--accent")}26` },
          { label: "Peak", stroke: colour("--muted"), width: 1, dash: [4, 4] },
        ],
        axes: [axis, { ...axis, size: 44 }],
        scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        cursor: { drag: { x: false, y: false } },
      },
      [
        series.map((point) => Date.parse(point.start) / 1000),
        series.map((point) => point.average),
        series.map((point) => point.max),
      ],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series, theme]);
  return <div ref={box} className="insights-chart" aria-hidden="true" />;
}
