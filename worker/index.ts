import { app } from "./app";
import { getConfig } from "./lib/config";
import { refreshTrackHistory } from "./lib/cron";
import { liveTrackOrHost } from "./live";

export { LiveShard, StationReader } from "./live";

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    getConfig(env);
    ctx.waitUntil(
      refreshTrackHistory(env, controller.scheduledTime, (config) => liveTrackOrHost(env, config)),
    );
  },
} satisfies ExportedHandler<Env>;
