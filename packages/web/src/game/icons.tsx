/** Small line icons for the buttons, drawn in SVG so that no font has to have the glyphs. */

const PATHS = {
  first: 'M6 5v14M18 6l-8 6 8 6z',
  previous: 'M16 6l-8 6 8 6z',
  next: 'M8 6l8 6-8 6z',
  last: 'M18 5v14M6 6l8 6-8 6z',
  takeback: 'M9 7L4 12l5 5M4 12h11a5 5 0 0 1 0 10h-3',
  resign: 'M6 21V4M6 4h11l-2.5 4L17 12H6',
  draw: 'M4 12h16M9 7h6M9 17h6',
  hint: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z',
  flip: 'M7 4v16M7 4L4 7M7 4l3 3M17 20V4M17 20l-3-3M17 20l3-3',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  copy: 'M9 9h10v11H9zM5 15V4h10',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  play: 'M7 5l12 7-12 7z',
  analyse: 'M4 19h16M5 15l4-5 4 3 6-8',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { readonly name: IconName }) {
  const filled =
    name === 'first' || name === 'previous' || name === 'next' || name === 'last' || name === 'play';
  return (
    <svg
      class="icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      stroke-width={filled ? 1.5 : 2}
      stroke-linecap="round"
      stroke-linejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
