// The environment every Hono handler sees: the bindings and the per-request values. A leaf
// module, so routes and middleware import it without importing the app that mounts them.
import type { CurrentUser } from "../schema/api";
import type { OwnPolicy } from "./own-policy";

export type AppEnv = { Bindings: Env; Variables: { user: CurrentUser; ownPolicy?: OwnPolicy } };
