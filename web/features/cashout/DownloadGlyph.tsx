// A download arrow drawn like the portal's icon set (components/icons.tsx has none).
export function DownloadGlyph({ size = 16 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 4v11m-5-5 5 5 5-5M5 19h14" />
    </svg>
  );
}
