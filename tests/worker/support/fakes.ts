// The worker pointed elsewhere: mostly at the fakes server (tests/worker/fakes/), which answers in
// a third-party service's documented format; `mode` picks its behaviour as that fake names it.
import { env } from "cloudflare:workers";

/** The environment with some bindings replaced (the generated Env pins the configured values). */
export const envWith = (bindings: Record<string, unknown>) => ({ ...env, ...bindings }) as unknown as Env;

/** The discard port on loopback: nothing listens, a connection is refused at once. */
export const nothingListens = "http://127.0.0.1:9";

const withQuery = (url: string, query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${url}?${search}` : url;
};

/** AzuraCast's now-playing API of the station "lounge". */
export const azuracastUrl = (mode: string, query: Record<string, string> = {}) =>
  withQuery(`${env.FAKES_URL}/azuracast/${mode}/api/nowplaying/lounge`, query);

/** The bindings of an AzuraCast radio host. */
export const azuracastHost = (mode: string, query: Record<string, string> = {}) => ({
  RADIO_SOURCE: "azuracast",
  RADIO_METADATA_URL: azuracastUrl(mode, query),
});

/** A next-track widget. */
export const widgetUrl = (mode: string, query: Record<string, string> = {}) =>
  withQuery(`${env.FAKES_URL}/widget/${mode}`, query);

/** The bindings that send mail through Resend's API. */
export const resendMail = (mode: string) => ({
  MAIL_PROVIDER: "resend",
  RESEND_API_KEY: "re_test_key",
  MAIL_API_URL: `${env.FAKES_URL}/resend/${mode}`,
});

export type SentMail = {
  authorization: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
};

/** What the Resend fake accepted for `to`, oldest first. */
export async function mailSentTo(to: string): Promise<SentMail[]> {
  const res = await fetch(`${env.FAKES_URL}/resend/sent?to=${encodeURIComponent(to)}`);
  return (await res.json()) as SentMail[];
}
