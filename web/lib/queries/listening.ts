// The listener's own listening (docs/product.md §10): GET /api/listening/{owner}, the summary
// "Your listening" shows on /analytics, read again once the player has recorded a write.
export function listeningSummaryKey(ownerId: string) {
  return ["/api/listening", ownerId] as const;
}
