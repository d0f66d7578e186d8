import { createStore } from "jotai";

/** The app's one jotai store, so code outside React (toasts from mutations) can reach it. */
export const appStore = createStore();
