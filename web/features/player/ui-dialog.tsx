// Dialog styling shared by the login, sleep-timer and share dialogs. Radix Dialog traps focus,
// closes on Escape and returns focus. Only lazily loaded modules import this file.
import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import "./player.css";

export function PlayerDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="player-dialog-overlay" />
        <Dialog.Content className="player-dialog">
          <Dialog.Title className="player-dialog-title">{title}</Dialog.Title>
          <Dialog.Description className="player-dialog-description">{description}</Dialog.Description>
          {children}
          <Dialog.Close className="player-dialog-close" aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
