export { applyTheme, setTheme, storedTheme, type Theme, useTheme } from "./theme";
export { ThemeToggle } from "./theme-toggle";
