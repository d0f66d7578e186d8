// Sleep-timer calls; the timer's owner is the sleep-timer session id kept in session storage.
import type { SleepTimerCancelled, SleepTimerStart, SleepTimerStatus } from "#schema/api.ts";
import { apiRequest } from "../api";

export function sleepTimerPath(sessionId: string) {
  return `/api/sleep-timer/${encodeURIComponent(sessionId)}`;
}

export function fetchSleepTimer(sessionId: string) {
  return apiRequest<SleepTimerStatus>("GET", sleepTimerPath(sessionId));
}

export function startSleepTimer(sessionId: string, minutes: SleepTimerStart["minutes"]) {
  return apiRequest<SleepTimerStatus>("POST", sleepTimerPath(sessionId), {
    minutes,
  } satisfies SleepTimerStart);
}

export function cancelSleepTimer(sessionId: string) {
  return apiRequest<SleepTimerCancelled>("DELETE", sleepTimerPath(sessionId));
}
