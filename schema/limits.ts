// The longest field each call accepts, checked by the zod schemas of schema/api and the worker.
// Apart from schema/rules.ts, which the listener's first load imports: these ride with zod instead
// (ADR 044).

import { imageMaxBytes } from "./rules";

export const limits = {
  trackField: 300,
  artworkUrl: 2048,
  sessionId: 128,
  email: 254,
  contactName: 200,
  contactMessage: 5000,
  pageTitle: 200,
  pageSlug: 120,
  pageContent: 200_000,
  metaDescription: 500,
  metaKeywords: 500,
  imageUrl: 2048,
  imageBytes: imageMaxBytes,
} as const;
