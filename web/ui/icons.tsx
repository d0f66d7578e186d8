// The inline icons of the first load (no icon pack: every byte counts there); the others are in
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

export const PlayIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M7 4l13 8-13 8z" fill="currentColor" />
  </Icon>
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
