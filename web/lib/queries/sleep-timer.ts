// Sleep-timer calls; the timer's owner is the sleep-timer session id kept in session storage.
import type { SleepTimerStatus } from "../../../schema/api";
import { apiRequest } from "../api";

export function sleepTimerPath(sessionId: string) {
  return `/api/sleep-timer/${encodeURIComponent(sessionId)}`;
}

export function fetchSleepTimer(sessionId: string) {
  return apiRequest<SleepTimerStatus>("GET", sleepTimerPath(sessionId));
}

export function startSleepTimer(sessionId: string, minutes: number) {
  return apiRequest<unknown>("POST", sleepTimerPath(sessionId), { minutes });
}

export function cancelSleepTimer(sessionId: string) {
  return apiRequest<unknown>("DELETE", sleepTimerPath(sessionId));
}
