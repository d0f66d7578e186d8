// The narrow-screen menu: all six header links in a Radix dialog that closes on selection.
// A lazy chunk: the header's button loads it on first use, keeping Radix Dialog off the first load.
import * as Dialog from "@radix-ui/react-dialog";
import type { RefObject } from "react";
import { CloseIcon } from "#web/ui/content-icons.tsx";
import { leftLinks, NavLink, rightLinks } from "./nav-links";

export default function MobileMenu({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="menu-overlay" />
        <Dialog.Content
          className="menu-sheet"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="menu-sheet-head">
            <Dialog.Title className="menu-title">Menu</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close menu">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile">
            <ul className="menu-list">
              {[...leftLinks, ...rightLinks].map((link) => (
                <li key={link.href}>
                  <NavLink {...link} onSelect={() => onOpenChange(false)} />
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
