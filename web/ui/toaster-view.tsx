// The Radix Toast rendering of the current notification (a lazy chunk; see Toaster in toast.tsx).
import * as Toast from "@radix-ui/react-toast";
import { useAtomValue } from "jotai";
import { dismissToast, toastAtom } from "./toast-store";

const toastDurationMs = 5000;
const toastSwipeThresholdPx = 50;

export default function ToasterView() {
  const current = useAtomValue(toastAtom);
  return (
    <Toast.Provider duration={toastDurationMs} swipeDirection="right" swipeThreshold={toastSwipeThresholdPx}>
      {current && (
        <Toast.Root
          key={current.id}
          className={`toast${current.variant === "destructive" ? " toast-destructive" : ""}`}
          open={current.open}
          duration={current.duration}
          type={current.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
        >
          <Toast.Title className="toast-title">{current.title}</Toast.Title>
          {current.description && (
            <Toast.Description className="toast-description">{current.description}</Toast.Description>
          )}
          {current.action && (
            <Toast.Action
              className="toast-action"
              altText={current.action.altText}
              onClick={current.action.onClick}
            >
              {current.action.label}
            </Toast.Action>
          )}
          <Toast.Close className="toast-close" aria-label="Close">
            ×
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
