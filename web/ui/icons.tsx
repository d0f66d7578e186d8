// A few inline icons (no icon pack: every byte counts on the first load). Decorative:
// the control that holds one carries the accessible name.
import type { ReactNode } from "react";

function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
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

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6L6 18" />
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

export const YouTubeIcon = ({ size = 18 }: { size?: number }) => (
  <Icon size={size}>
    <rect x="2" y="5" width="20" height="14" rx="4" />
    <path d="M10 9l5 3-5 3z" fill="currentColor" />
  </Icon>
);

export const ExternalIcon = ({ size = 16 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Icon>
);

export const EditIcon = ({ size = 16 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
  </Icon>
);

export const TrashIcon = ({ size = 18 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
  </Icon>
);

export const MusicIcon = ({ size = 24 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M9 18V5l12-2v13" />
    <circle cx="6" cy="18" r="3" />
    <circle cx="18" cy="16" r="3" />
  </Icon>
);

export const ClockIcon = ({ size = 24 }: { size?: number }) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 3" />
  </Icon>
);

export const NoAdsIcon = ({ size = 24 }: { size?: number }) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="M5.6 5.6l12.8 12.8" />
  </Icon>
);

export const HeadphonesIcon = ({ size = 24 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M3 18v-6a9 9 0 0 1 18 0v6" />
    <path d="M21 19a2 2 0 0 1-2 2h-1v-6h3zM3 19a2 2 0 0 0 2 2h1v-6H3z" />
  </Icon>
);
