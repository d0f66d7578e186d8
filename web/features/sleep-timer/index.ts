export { SleepTimerButton } from "./sleep-timer-button";
export { formatCountdown, sleepTimerEndAtom, useSleepTimer } from "./use-sleep-timer";
