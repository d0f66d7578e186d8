/** The station's mark (the same drawing as favicon.svg); decorative beside the name. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="logo">
      <rect width="64" height="64" rx="14" fill="#1b1530" />
      <circle cx="32" cy="32" r="16" fill="none" stroke="#e9b872" strokeWidth="4" />
      <circle cx="32" cy="32" r="5" fill="#e9b872" />
    </svg>
  );
}
