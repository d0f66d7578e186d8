import { app } from "./app";
import { getConfig } from "./lib/config";
import { refreshTrackHistory } from "./lib/cron";
import { ensureRecorders, liveTrackOrHost } from "./live";

export { LiveShard, StationReader, StreamRecorder } from "./live";

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    getConfig(env);
    ctx.waitUntil(
      refreshTrackHistory(env, controller.scheduledTime, (config) => liveTrackOrHost(env, config)),
    );
    // A rewind recorder that stopped (a deploy, a failed alarm) starts again within the minute.
    ctx.waitUntil(ensureRecorders(env));
  },
} satisfies ExportedHandler<Env>;
