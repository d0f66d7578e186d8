// The third-party played-tracks widget (docs/product.md §2, /history) runs in a frame of its own:
// this page, shown in a sandboxed iframe (no allow-same-origin), so the widget's script runs in
// an opaque origin with no reach into the site's pages, cookies or storage, and the site's own
// policy names no third-party script (ADR 032). The page's policy admits the widget's origin
// for scripts and https: for what a widget fetches, shows and styles; it may be framed by the
// site alone, and is sandboxed even when opened by itself.
import { Hono } from "hono";
import { cspScriptHash } from "#schema/boot-script.ts";
import { widgetHeightMessage, widgetSandbox } from "#schema/widgets.ts";
import type { AppEnv } from "../env";
import { jsonError } from "../http/http";
import { getConfig } from "../lib/config";
import { escapeHtml } from "../lib/escape-html";

/** Tells the page that frames this one how tall it is, so the frame grows with the widget. */
const frameHeightScript = `new ResizeObserver(function(){parent.postMessage({type:"${widgetHeightMessage}",height:document.documentElement.scrollHeight},"*")}).observe(document.documentElement);`;

let scriptHash: Promise<string> | undefined;
const frameHeightScriptHash = () => {
  scriptHash ??= cspScriptHash(frameHeightScript);
  return scriptHash;
};

export async function widgetFramePolicy(widgetUrl: string): Promise<string> {
  const widget = new URL(widgetUrl).origin;
  return [
    "default-src 'none'",
    `script-src ${await frameHeightScriptHash()} ${widget}`,
    "style-src 'unsafe-inline' https:",
    "img-src https: data:",
    "font-src https: data:",
    "connect-src https:",
    `frame-src ${widget}`,
    "base-uri 'none'",
    "form-action https:",
    "frame-ancestors 'self'",
    `sandbox ${widgetSandbox}`,
  ].join("; ");
}

export const widgets = new Hono<AppEnv>().get("/played-tracks", async (c) => {
  const url = getConfig(c.env).HISTORY_WIDGET_URL;
  if (!url) return jsonError(c, 404, "No played-tracks widget is configured.");
  c.set("ownPolicy", { contentSecurityPolicy: await widgetFramePolicy(url), framedBy: "self" });
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><base target="_blank"><title>Played tracks</title>
<style>:root{color-scheme:light dark}body{margin:0;font:16px/1.5 system-ui,sans-serif;background:transparent}</style>
</head><body><div id="played-tracks"></div>
<script src="${escapeHtml(url)}" async></script>
<script>${frameHeightScript}</script>
</body></html>`;
  return c.html(html, 200, { "Cache-Control": "public, max-age=300" });
});
