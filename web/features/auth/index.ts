export { AuthResultNotice } from "./auth-result-notice";
export { LoginDialog } from "./login-dialog";
export { loginDialogOpenAtom } from "./state";
export { useLogout } from "./use-logout";
