import { atom } from "jotai";

/** Whether the login dialog is open; the favorite heart opens it too. */
export const loginDialogOpenAtom = atom(false);
