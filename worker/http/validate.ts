// Validation of bodies, queries and path parameters with the shared zod schemas.
// Bad input answers 400 { error: "invalid_request", message } naming the first problem.
import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";

function validationMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  return issue.message;
}

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return validator(target, (value, c) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      return c.json({ error: "invalid_request", message: validationMessage(parsed.error) }, 400);
    }
    return parsed.data as z.output<Schema>;
  });
}
