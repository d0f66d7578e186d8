// A yes/no question as an awaitable call: `if (await confirm({ title: "..." })) ...`.
// Radix AlertDialog traps focus, closes on Escape (as "no") and returns focus to the opener.
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { type ReactNode, useCallback, useRef, useState } from "react";
import "./confirm-dialog.css";

type Question = { title: string; description?: string; confirmLabel?: string; cancelLabel?: string };

export function useConfirm(): [(question: Question) => Promise<boolean>, ReactNode] {
  const [question, setQuestion] = useState<Question | null>(null);
  const resolveRef = useRef<((answer: boolean) => void) | null>(null);

  const answer = useCallback((value: boolean) => {
    resolveRef.current?.(value);
    resolveRef.current = null;
    setQuestion(null);
  }, []);

  const confirm = useCallback((next: Question) => {
    resolveRef.current?.(false);
    setQuestion(next);
    return new Promise<boolean>((resolve) => {
      resolveRef.current = resolve;
    });
  }, []);

  const dialog = (
    <AlertDialog.Root
      open={question !== null}
      onOpenChange={(open) => {
        if (!open) answer(false);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="admin-dialog-overlay" />
        <AlertDialog.Content
          className="admin-dialog"
          {...(question?.description ? {} : { "aria-describedby": undefined })}
        >
          <AlertDialog.Title className="admin-dialog-title">{question?.title}</AlertDialog.Title>
          {question?.description && <AlertDialog.Description>{question.description}</AlertDialog.Description>}
          <div className="admin-dialog-actions">
            <AlertDialog.Cancel className="admin-button admin-button-secondary">
              {question?.cancelLabel ?? "Cancel"}
            </AlertDialog.Cancel>
            <AlertDialog.Action className="admin-button" onClick={() => answer(true)}>
              {question?.confirmLabel ?? "OK"}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );

  return [confirm, dialog];
}
