import { app } from "./app";
import { getConfig } from "./lib/config";
import { refreshTrackHistory } from "./lib/cron";

export type { AppType } from "./app";

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    getConfig(env);
    ctx.waitUntil(refreshTrackHistory(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
