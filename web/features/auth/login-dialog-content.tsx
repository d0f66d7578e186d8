// Login dialog (docs/product.md §2, §4): email form, then the 'sent' message; on close the email,
// sent flag and error reset after 300 ms.
import { useMutation } from "@tanstack/react-query";
import { useAtom } from "jotai";
import { type FormEvent, useEffect, useState } from "react";
import { magicLinkExpiryMinutes } from "#web/lib/constants.ts";
import { ModalDialog } from "#web/ui/dialog.tsx";
import { loginLinkErrorText, requestLoginLink } from "./login-request";
import { loginDialogOpenAtom } from "./state";

const loginDialogResetDelayMs = 300;

export default function LoginDialogContent() {
  const [open, setOpen] = useAtom(loginDialogOpenAtom);
  const [email, setEmail] = useState("");
  const request = useMutation({ mutationFn: requestLoginLink });
  const { reset } = request;

  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => {
      setEmail("");
      reset();
    }, loginDialogResetDelayMs);
    return () => clearTimeout(timer);
  }, [open, reset]);

  const trimmed = email.trim();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || request.isPending) return;
    request.mutate(trimmed);
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={setOpen}
      title={request.isSuccess ? "Check your email" : "Log in"}
      description={
        request.isSuccess
          ? `We sent a login link to ${request.variables}. The link expires in ${magicLinkExpiryMinutes} minutes.`
          : "Enter your email and we'll send you a login link. Your favorites are synced across devices."
      }
    >
      {request.isSuccess ? (
        <button type="button" className="dialog-button" onClick={() => setOpen(false)}>
          Close
        </button>
      ) : (
        <form className="login-form" onSubmit={onSubmit}>
          <label className="player-field">
            <span>Email</span>
            <input
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          {request.isError && (
            <p className="dialog-error" role="alert">
              {loginLinkErrorText(request.error)}
            </p>
          )}
          <button type="submit" className="dialog-button" disabled={!trimmed || request.isPending}>
            {request.isPending ? "Sending..." : "Send login link"}
          </button>
        </form>
      )}
    </ModalDialog>
  );
}
