// /pb/embed ('Embed Player'): the snippet builder. The admin chooses the embed's options, sees
// the embed live beside them (the same /embed a partner's page frames), and copies the <iframe>
// line, or a variant without a frame or script for sites that allow neither.
import { useId, useState } from "react";
import { Link } from "wouter";
import {
  defaultEmbedOptions,
  type EmbedOptions,
  embedParts,
  embedPath,
  embedQualities,
  embedQuery,
} from "#schema/embed.ts";
import { station } from "#schema/station.ts";
import { useClientConfig } from "#web/lib/queries/config.ts";
import { toast } from "#web/ui/toast.tsx";
import { AdminOnly } from "./admin-only";
import "./embed-screen.css";

const partNames: Record<EmbedOptions["parts"][number], string> = {
  cover: "Cover",
  volume: "Volume",
  quality: "Quality",
  link: "Link to the site",
};
const qualityNames: Record<EmbedOptions["quality"], string> = { hd: "HD", sd: "SD", mobile: "Mobile" };
const themeNames: Record<EmbedOptions["theme"], string> = {
  auto: "As the visitor's system",
  light: "Light",
  dark: "Dark",
};
const layoutNames: Record<EmbedOptions["layout"], string> = { card: "Card", compact: "Compact bar" };

/** One option of the embed as radio buttons, in the order `choices` names them. */
function RadioGroup<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  choices: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {(Object.entries(choices) as [T, string][]).map(([choice, label]) => (
        <label key={choice}>
          <input type="radio" name={name} checked={value === choice} onChange={() => onChange(choice)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
const frameHeight = { card: 150, compact: 72 } as const;

const escapeAttribute = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
const escapeText = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;");

/** The line a partner pastes: the embed in a frame that may play audio. */
export function embedSnippet(siteUrl: string, options: EmbedOptions): string {
  const src = `${siteUrl}${embedPath}${embedQuery(options)}`;
  return `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(station.name)}" width="100%" height="${frameHeight[options.layout]}" style="border:0;max-width:480px" allow="autoplay" loading="lazy"></iframe>`;
}

/** Without a frame or script: the browser's own player on the stream, and a link to the site. */
export function plainSnippet(siteUrl: string, streamUrl: string): string {
  return `<audio controls preload="none" src="${escapeAttribute(streamUrl)}"></audio>\n<a href="${escapeAttribute(`${siteUrl}/`)}">${escapeText(`Listen on ${station.name}`)}</a>`;
}

export function AdminEmbedScreen() {
  return (
    <AdminOnly title="Embed Player">
      <EmbedBuilder />
    </AdminOnly>
  );
}

function EmbedBuilder() {
  const [options, setOptions] = useState<EmbedOptions>(defaultEmbedOptions);
  const config = useClientConfig();
  const id = useId();
  const siteUrl = location.origin;
  const set = (change: Partial<EmbedOptions>) => setOptions((current) => ({ ...current, ...change }));
  const snippet = embedSnippet(siteUrl, options);
  const plain = config.data ? plainSnippet(siteUrl, config.data.streams[options.quality]) : null;

  async function copy(text: string, what: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: `${what} copied`, description: "Paste it into the partner's page." });
    } catch {
      toast({
        title: "Could not copy",
        description: "Select the text and copy it yourself.",
        variant: "destructive",
      });
    }
  }

  return (
    <section className="admin-screen">
      <div className="admin-header">
        <h1>Embed Player</h1>
        <Link href="/pb" className="admin-button admin-button-secondary">
          Back to Content Management
        </Link>
      </div>
      <p className="admin-muted">
        A player any site can show: choose how it looks, then copy the line into the partner's page. It plays
        the station with the live title and cover, and stores nothing in the visitor's browser.
      </p>
      <div className="admin-embed">
        <form className="admin-card admin-embed-options" onSubmit={(event) => event.preventDefault()}>
          <RadioGroup
            legend="Theme"
            name={`${id}-theme`}
            choices={themeNames}
            value={options.theme}
            onChange={(theme) => set({ theme })}
          />
          <RadioGroup
            legend="Layout"
            name={`${id}-layout`}
            choices={layoutNames}
            value={options.layout}
            onChange={(layout) => set({ layout })}
          />
          <fieldset>
            <legend>Shows</legend>
            {embedParts.map((part) => (
              <label key={part}>
                <input
                  type="checkbox"
                  checked={options.parts.includes(part)}
                  onChange={(event) =>
                    set({
                      parts: embedParts.filter((p) =>
                        p === part ? event.target.checked : options.parts.includes(p),
                      ),
                    })
                  }
                />
                {partNames[part]}
              </label>
            ))}
          </fieldset>
          <div className="admin-field">
            <label htmlFor={`${id}-accent`}>Accent colour</label>
            <div className="admin-embed-accent">
              <input
                id={`${id}-accent`}
                type="color"
                value={`#${options.accent ?? "e9b872"}`}
                onChange={(event) => set({ accent: event.target.value.slice(1).toLowerCase() })}
              />
              <button
                type="button"
                className="admin-button admin-button-secondary"
                onClick={() => set({ accent: null })}
                disabled={options.accent === null}
              >
                The station's own
              </button>
            </div>
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-quality`}>Stream quality at start</label>
            <select
              id={`${id}-quality`}
              value={options.quality}
              onChange={(event) => set({ quality: event.target.value as EmbedOptions["quality"] })}
            >
              {embedQualities.map((quality) => (
                <option key={quality} value={quality}>
                  {qualityNames[quality]}
                </option>
              ))}
            </select>
          </div>
        </form>
        <div className="admin-embed-result">
          <iframe
            className="admin-embed-preview"
            src={`${embedPath}${embedQuery(options)}`}
            title="Preview of the embed"
            style={{ height: frameHeight[options.layout] }}
          />
          <div className="admin-field">
            <label htmlFor={`${id}-snippet`}>The line to paste</label>
            <textarea id={`${id}-snippet`} readOnly rows={4} value={snippet} />
            <button type="button" className="admin-button" onClick={() => copy(snippet, "The embed")}>
              Copy the embed
            </button>
          </div>
          {plain && (
            <div className="admin-field">
              <label htmlFor={`${id}-plain`}>Without a frame or script</label>
              <textarea id={`${id}-plain`} readOnly rows={3} value={plain} />
              <button
                type="button"
                className="admin-button admin-button-secondary"
                onClick={() => copy(plain, "The plain player")}
              >
                Copy the plain player
              </button>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
