// The environment every Hono handler sees: the bindings and the per-request values. A leaf
// module, so routes and middleware import it without importing the app that mounts them.
import type { CurrentUser } from "../schema/api";

/**
 * A response's own policy in place of the site's (the widget's frame, worker/routes/widgets.ts):
 * its Content-Security-Policy, and whether the site's own pages may frame it.
 */
/** A page's own policy: its CSP, and who may frame it ("self": the site; "anyone": the embed). */
export type OwnPolicy = { contentSecurityPolicy: string; framedBy: "self" | "anyone" };

export type AppEnv = { Bindings: Env; Variables: { user: CurrentUser; ownPolicy?: OwnPolicy } };
