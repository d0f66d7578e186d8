// The sleep-timer dialog: the five durations when idle; the countdown and Cancel when running.
import { useState } from "react";
import type { SleepTimerStart } from "#schema/api.ts";
import { sleepTimerChoices } from "#web/lib/constants.ts";
import { ModalDialog } from "#web/ui/dialog.tsx";
import { formatCountdown, type SleepTimer } from "./use-sleep-timer";

export default function SleepTimerDialog({
  open,
  onOpenChange,
  timer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timer: SleepTimer;
}) {
  const [starting, setStarting] = useState(false);
  const minutesLeft = Math.ceil(timer.remainingSeconds / 60);

  const choose = async (minutes: SleepTimerStart["minutes"]) => {
    setStarting(true);
    const started = await timer.start(minutes);
    setStarting(false);
    // When the start fails the dialog stays open (docs/product.md §8).
    if (started) onOpenChange(false);
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sleep Timer"
      description={
        timer.running ? `Radio will stop in ${minutesLeft} minutes` : "Stop the radio automatically after:"
      }
    >
      {timer.running ? (
        <>
          <p className="sleep-timer-countdown" role="timer">
            {formatCountdown(timer.remainingSeconds)}
          </p>
          <button type="button" className="dialog-button" onClick={() => void timer.cancel()}>
            Cancel
          </button>
        </>
      ) : (
        <div className="dialog-actions">
          {sleepTimerChoices.map((minutes) => (
            <button
              key={minutes}
              type="button"
              className="dialog-button"
              disabled={starting}
              onClick={() => void choose(minutes)}
            >
              {minutes} minutes
            </button>
          ))}
        </div>
      )}
    </ModalDialog>
  );
}
