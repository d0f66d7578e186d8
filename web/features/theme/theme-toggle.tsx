import { MoonIcon, SunIcon } from "#web/ui/icons.tsx";
import { setTheme, useTheme } from "./theme";

export function ThemeToggle({ className = "icon-button" }: { className?: string }) {
  const theme = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className={className}
      aria-label={`Switch to ${next} theme`}
      data-tooltip=""
      onClick={() => setTheme(next)}
    >
      {theme === "dark" ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
