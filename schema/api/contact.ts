import { z } from "zod";
import { limits } from "../limits";
import { trimmed } from "./common";

export const contactMessage = z.object({
  name: trimmed(limits.contactName, "Name is required"),
  email: z
    .union([z.email({ error: "Invalid e-mail address" }).trim().max(limits.email), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  message: trimmed(limits.contactMessage, "Message is required"),
});
export type ContactMessage = z.input<typeof contactMessage>;
