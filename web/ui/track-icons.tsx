// The heart, share, cast and sleep-timer icons: their buttons are lazy parts, so these stay out of the
// first load (icons.tsx has the first load's). The cast and sleep-timer icons are line drawings
// (Icon); filled, the stopwatch was a plain disc.
import { FilledIcon, Icon } from "./icons";

export const HeartIcon = ({ filled }: { filled: boolean }) => (
  <FilledIcon>
    <path
      d="M12 20.5l-1.4-1.3C5.4 14.5 2 11.4 2 7.6 2 4.5 4.4 2 7.5 2c1.7 0 3.4.8 4.5 2.1C13.1 2.8 14.8 2 16.5 2 19.6 2 22 4.5 22 7.6c0 3.8-3.4 6.9-8.6 11.6z"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
    />
  </FilledIcon>
);

export const ShareIcon = () => (
  <FilledIcon>
    <path d="M18 16a3 3 0 0 0-2.4 1.2l-6.7-3.4a3 3 0 0 0 0-1.6l6.7-3.4A3 3 0 1 0 15 7l-6.7 3.4a3 3 0 1 0 0 3.2L15 17a3 3 0 1 0 3-1z" />
  </FilledIcon>
);

/** A screen with waves: play on another device (Cast, AirPlay). */
export const CastIcon = () => (
  <Icon size={24}>
    <path d="M2 8V6a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-6" />
    <path d="M2 12a9 9 0 0 1 8 8M2 16a5 5 0 0 1 4 4M2 20h.01" />
  </Icon>
);

/** A stopwatch: the sleep timer's own icon, unlike the theme toggle's moon and sun. */
export const TimerIcon = () => (
  <Icon>
    <circle cx="12" cy="13.5" r="7.5" />
    <path d="M12 13.5V10M10 2.5h4M12 2.5V6M18.5 6.5l1.5-1.5" />
  </Icon>
);
