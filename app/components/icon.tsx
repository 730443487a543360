/**
 * The store's icons, drawn on one 24x24 grid in the current text color. Decorative: the control
 * around an icon carries its name (a visually hidden label), so every icon is aria-hidden.
 *
 *   <Icon name="cart" className="size-6" />
 */
const ICONS = {
  cart: {
    stroke: 1.8,
    body: (
      <>
        <path d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" />
        <circle cx="9.5" cy="20" r="1.3" />
        <circle cx="17.5" cy="20" r="1.3" />
      </>
    ),
  },
  menu: { stroke: 2, body: <path d="M4 7h16M4 12h16M4 17h16" /> },
  close: { stroke: 2.5, body: <path d="M6 6l12 12M18 6 6 18" /> },
  search: {
    stroke: 2,
    body: (
      <>
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </>
    ),
  },
  previous: { stroke: 2.5, body: <path d="m15 6-6 6 6 6" /> },
  next: { stroke: 2.5, body: <path d="m9 6 6 6-6 6" /> },
  play: { fill: true, body: <path d="M8 5v14l11-7z" /> },
  pause: { fill: true, body: <path d="M7 5h4v14H7zM13 5h4v14h-4z" /> },
  image: {
    stroke: 1.5,
    body: (
      <>
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="9" cy="10" r="2" />
        <path d="m21 16-5-5-9 9" />
      </>
    ),
  },
  truck: { stroke: 1.6, body: <path d="M3 7h11v8H3zM14 10h4l3 3v2h-7zM7 18a2 2 0 1 0 0-.01M17 18a2 2 0 1 0 0-.01" /> },
  boxes: { stroke: 1.6, body: <path d="M3 8l9-5 9 5-9 5zM3 8v8l9 5 9-5V8M12 13v8" /> },
  headset: {
    stroke: 1.6,
    body: <path d="M4 12a8 8 0 0 1 16 0v5a2 2 0 0 1-2 2h-2v-6h4M4 13h4v6H6a2 2 0 0 1-2-2z" />,
  },
} satisfies Record<string, { stroke?: number; fill?: true; body: React.ReactNode }>;

export type IconName = keyof typeof ICONS;

export function Icon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  const icon: { stroke?: number; fill?: true; body: React.ReactNode } = ICONS[name];
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill={icon.fill ? "currentColor" : "none"}
      stroke={icon.fill ? undefined : "currentColor"}
      strokeWidth={icon.stroke}
      strokeLinejoin="round"
    >
      {icon.body}
    </svg>
  );
}
