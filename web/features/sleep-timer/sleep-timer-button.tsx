// The header's sleep-timer button; it owns the timer, so mount it exactly once (inside AudioProvider).
import { lazy, Suspense, useState } from "react";
import { TimerIcon } from "#web/ui/track-icons.tsx";
import { formatCountdown, useSleepTimer } from "./use-sleep-timer";
import "../player/player.css";

const SleepTimerDialog = lazy(() => import("./sleep-timer-dialog"));

export function SleepTimerButton() {
  const timer = useSleepTimer();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const countdown = formatCountdown(timer.remainingSeconds);
  return (
    <>
      <button
        type="button"
        className="sleep-timer-button"
        aria-label={timer.running ? `Sleep timer, ${countdown} left` : "Sleep timer"}
        data-tooltip=""
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <TimerIcon />
        {timer.running && <span aria-hidden="true">{countdown}</span>}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <SleepTimerDialog open={open} onOpenChange={setOpen} timer={timer} />
        </Suspense>
      )}
    </>
  );
}
