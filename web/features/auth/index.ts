export { AuthResultNotice } from "./auth-result-notice";
export { LoginDialog } from "./login-dialog";
export { loginDialogOpenAtom } from "./state";
export { syncFavoritesAfterLogin, useSyncFavoritesAfterLogin } from "./sync-after-login";
export { useLogout } from "./use-logout";
