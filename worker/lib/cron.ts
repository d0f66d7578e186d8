// The cron trigger's work. The track-history refresh itself arrives with the listener API.
export async function refreshTrackHistory(_env: Env, scheduledTime: number): Promise<void> {
  console.log(`track-history refresh at ${new Date(scheduledTime).toISOString()}: not implemented yet`);
}
