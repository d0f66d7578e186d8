// What the station says to Icecast 2: its config file, its status page and its metadata admin call.
import { join } from "node:path";

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

// What a host sends so a page may ask for in-band titles and read their interval (the headers
// icecast-metadata-js documents); Icecast's default config sends only the first line above.
const icyCorsHeaders = `
    <header name="Access-Control-Allow-Headers" value="Origin, Accept, X-Requested-With, Content-Type, Icy-MetaData" />
    <header name="Access-Control-Allow-Methods" value="GET, OPTIONS, HEAD" />
    <header name="Access-Control-Expose-Headers" value="Icy-MetaInt, Icy-Br, Icy-Description, Icy-Genre, Icy-Name, Ice-Audio-Info, Icy-Url, Icy-Sr, Icy-Vbr, Icy-Pub" />`;

export function icecastConfig(opts: {
  port: number;
  workDir: string;
  sourcePassword: string;
  adminPassword: string;
  changeOwner: boolean;
  /** Let pages read the in-band titles (Icy-MetaData) across origins; most hosts do not. */
  icyCors: boolean;
  /** Bytes Icecast sends a new listener at once (its burst-size; Icecast's default 65535). */
  burstBytes: number;
}): string {
  const owner = opts.changeOwner
    ? "<changeowner><user>nobody</user><group>nogroup</group></changeowner>"
    : "";
  return `<icecast>
  <location>localhost</location>
  <admin>admin@localhost</admin>
  <hostname>127.0.0.1</hostname>
  <limits>
    <clients>200</clients>
    <sources>6</sources>
    <queue-size>524288</queue-size>
    <client-timeout>30</client-timeout>
    <header-timeout>15</header-timeout>
    <source-timeout>10</source-timeout>
    <burst-size>${opts.burstBytes}</burst-size>
  </limits>
  <authentication>
    <source-password>${escapeXml(opts.sourcePassword)}</source-password>
    <admin-user>admin</admin-user>
    <admin-password>${escapeXml(opts.adminPassword)}</admin-password>
  </authentication>
  <listen-socket>
    <port>${opts.port}</port>
    <bind-address>127.0.0.1</bind-address>
  </listen-socket>
  <http-headers>
    <header name="Access-Control-Allow-Origin" value="*" />${opts.icyCors ? icyCorsHeaders : ""}
  </http-headers>
  <fileserve>1</fileserve>
  <paths>
    <basedir>/usr/share/icecast2</basedir>
    <logdir>${escapeXml(join(opts.workDir, "log"))}</logdir>
    <webroot>/usr/share/icecast2/web</webroot>
    <adminroot>/usr/share/icecast2/admin</adminroot>
    <alias source="/" destination="/status.xsl"/>
  </paths>
  <logging>
    <accesslog>access.log</accesslog>
    <errorlog>error.log</errorlog>
    <loglevel>2</loglevel>
    <logsize>10000</logsize>
  </logging>
  <security>
    <chroot>0</chroot>
    ${owner}
  </security>
</icecast>
`;
}

export type StatusSource = { listenurl?: string; title?: string; listeners?: number };

export async function readSources(icecastUrl: string): Promise<StatusSource[]> {
  const res = await fetch(`${icecastUrl}/status-json.xsl`);
  if (!res.ok) throw new Error(`status-json.xsl answered ${res.status}`);
  // Icecast 2.4 writes "title": - when a source has no title yet; read it leniently.
  const text = await res.text();
  const body = JSON.parse(text.replace(/"title":\s*-\s*([,}])/g, '"title":null$1')) as {
    icestats?: { source?: StatusSource | StatusSource[] };
  };
  const source = body.icestats?.source;
  return source === undefined ? [] : Array.isArray(source) ? source : [source];
}

export function mountOf(source: StatusSource): string | undefined {
  return source.listenurl ? new URL(source.listenurl).pathname : undefined;
}

export async function mountsOnline(icecastUrl: string): Promise<Set<string>> {
  return new Set((await readSources(icecastUrl)).map(mountOf).filter((m): m is string => Boolean(m)));
}

/** Sets a mount's now-playing title ("Artist - Title") through Icecast's admin API. */
export async function updateTitle(
  icecastUrl: string,
  adminPassword: string,
  mount: string,
  song: string,
): Promise<void> {
  const auth = Buffer.from(`admin:${adminPassword}`).toString("base64");
  const res = await fetch(
    `${icecastUrl}/admin/metadata?mount=${encodeURIComponent(mount)}&mode=updinfo&song=${encodeURIComponent(song)}`,
    {
      headers: { Authorization: `Basic ${auth}` },
    },
  );
  if (!res.ok) throw new Error(`metadata update for ${mount} answered ${res.status}`);
}
