// A leaf, so worker/env.ts and the security headers (which Node loads for bench:web, without
// Workers types) both take the type from here.

/**
 * A response's own policy in place of the site's (the widget's frame, worker/routes/widgets.ts;
 * the embed): its CSP, and who may frame it ("self": the site; "anyone": the embed).
 */
export type OwnPolicy = { contentSecurityPolicy: string; framedBy: "self" | "anyone" };
