// The site's one icon set, inline (no icon pack: every byte of the first load counts): outlined
// (Icon) and filled (FilledIcon); the lazy parts' icons are in track-icons.tsx and
// content-icons.tsx. Decorative: the control that holds one carries the accessible name.
import type { ReactNode } from "react";

export function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const SunIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </Icon>
);

export const MoonIcon = () => (
  <Icon>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </Icon>
);

export const MenuIcon = () => (
  <Icon>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);

/** A filled icon (currentColor fill): the play controls, the volume, the track actions. */
export function FilledIcon({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
    >
      {children}
    </svg>
  );
}

/** Play, in the hero (20 px, beside its text) and the player bar (24 px). */
export const PlayIcon = ({ size }: { size?: number }) => (
  <FilledIcon size={size}>
    <path d="M8 5v14l11-7z" />
  </FilledIcon>
);

export const PauseIcon = () => (
  <FilledIcon>
    <path d="M6 5h4v14H6zM14 5h4v14h-4z" />
  </FilledIcon>
);

export const VolumeIcon = ({ muted }: { muted: boolean }) => (
  <FilledIcon>
    <path d="M3 9v6h4l5 5V4L7 9z" />
    {muted ? (
      <path d="M16.5 8.9l1.4-1.4 2.1 2.1 2.1-2.1 1.4 1.4-2.1 2.1 2.1 2.1-1.4 1.4-2.1-2.1-2.1 2.1-1.4-1.4 2.1-2.1z" />
    ) : (
      <path d="M16.5 12A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z" />
    )}
  </FilledIcon>
);

export const WavesIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M3 12h2M7 8v8M11 5v14M15 8v8M19 10v4" />
  </Icon>
);

export const EditIcon = ({ size = 16 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
  </Icon>
);
