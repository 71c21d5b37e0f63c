/**
 * The pieces, drawn in SVG seen from a little above, so that each is told apart by its shape as
 * well as by its colour (for colour-blind players, and in grey): an attacker is a dark stone
 * with four notches cut in its rim, a defender a light stone with a smooth rim and a carved ring,
 * the king a taller light piece with a crown. Each has a side (its height) under its face; the
 * king's is the tallest. The shading gradients are defined once per board (`PieceDefs`) under
 * ids prefixed by the board's own id, so several boards can share a page.
 *
 * The shapes carry classes (`pc-side`, `pc-body`, `pc-line`, `pc-crown`, `pc-jewel`) by which
 * board.css draws the other piece set, flat and of high contrast (board/appearance.ts), from the
 * same shapes: a player who learned one set knows the other.
 */

import type { PieceRole } from './api.js';

/** A disc of radius `r` with `count` V-shaped notches of `depth`, `width` degrees wide, at `phase`. */
function notchedDisc(r: number, count: number, depth: number, width: number, phase: number): string {
  const points: string[] = [];
  for (let deg = 0; deg < 360; deg += 2) {
    const fromNotch = Math.abs(
      ((((deg - phase) % (360 / count)) + 540 / count) % (360 / count)) - 180 / count,
    );
    const radius = r - depth * Math.max(0, 1 - fromNotch / (width / 2));
    const a = (deg * Math.PI) / 180;
    points.push(`${(50 + radius * Math.cos(a)).toFixed(2)},${(50 + radius * Math.sin(a)).toFixed(2)}`);
  }
  return `M${points.join('L')}Z`;
}

const ATTACKER_RIM = notchedDisc(38, 4, 10, 26, 45);
const ATTACKER_FACE = notchedDisc(29, 4, 7, 26, 45);

/** The crown on the king's face: five points, a band, and a jewel on each point. */
const CROWN = 'M29 60 L25 36 L37 46 L43 30 L50 42 L57 30 L63 46 L75 36 L71 60 Z';

export function PieceDefs({ id }: { readonly id: string }) {
  return (
    <svg class="tb-defs" aria-hidden="true" focusable="false" width="0" height="0">
      <defs>
        <radialGradient id={`${id}-dark`} cx="38%" cy="32%" r="75%">
          <stop offset="0%" stop-color="#6a5446" />
          <stop offset="45%" stop-color="#3a2a20" />
          <stop offset="100%" stop-color="#150d08" />
        </radialGradient>
        <linearGradient id={`${id}-dark-side`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0%" stop-color="#1a110b" />
          <stop offset="50%" stop-color="#2e2018" />
          <stop offset="100%" stop-color="#0d0805" />
        </linearGradient>
        <radialGradient id={`${id}-light`} cx="38%" cy="32%" r="78%">
          <stop offset="0%" stop-color="#fffaf0" />
          <stop offset="55%" stop-color="#f0e2c4" />
          <stop offset="100%" stop-color="#cdb58a" />
        </radialGradient>
        <linearGradient id={`${id}-light-side`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0%" stop-color="#a88c5e" />
          <stop offset="50%" stop-color="#d2bb8f" />
          <stop offset="100%" stop-color="#8c7047" />
        </linearGradient>
        <linearGradient id={`${id}-gold`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stop-color="#f6d77a" />
          <stop offset="60%" stop-color="#d09a2c" />
          <stop offset="100%" stop-color="#9a6a14" />
        </linearGradient>
      </defs>
    </svg>
  );
}

function Attacker({ id }: { readonly id: string }) {
  return (
    <>
      <path
        class="pc-side"
        d={ATTACKER_RIM}
        transform="translate(0 6)"
        fill={`url(#${id}-dark-side)`}
        stroke="#0a0604"
        stroke-width="2"
      />
      <path
        class="pc-body pc-dark"
        d={ATTACKER_RIM}
        fill={`url(#${id}-dark)`}
        stroke="#0a0604"
        stroke-width="2"
      />
      <path
        class="pc-line pc-dark"
        d={ATTACKER_FACE}
        fill="none"
        stroke="#8a7262"
        stroke-opacity="0.55"
        stroke-width="2"
      />
      <circle
        class="pc-jewel pc-dark"
        cx="50"
        cy="50"
        r="7"
        fill="#0f0906"
        stroke="#7d6656"
        stroke-opacity="0.6"
        stroke-width="1.5"
      />
    </>
  );
}

function Defender({ id }: { readonly id: string }) {
  return (
    <>
      <circle
        class="pc-side"
        cx="50"
        cy="56"
        r="36"
        fill={`url(#${id}-light-side)`}
        stroke="#3d2712"
        stroke-width="2.5"
      />
      <circle
        class="pc-body pc-light"
        cx="50"
        cy="50"
        r="36"
        fill={`url(#${id}-light)`}
        stroke="#3d2712"
        stroke-width="2.5"
      />
      <circle class="pc-line pc-light" cx="50" cy="50" r="25" fill="none" stroke="#8e6c3e" stroke-width="3" />
      <circle
        class="pc-side"
        cx="50"
        cy="51.5"
        r="25"
        fill="none"
        stroke="#fff"
        stroke-opacity="0.7"
        stroke-width="1.2"
      />
    </>
  );
}

function King({ id }: { readonly id: string }) {
  return (
    <>
      <circle
        class="pc-side"
        cx="50"
        cy="57"
        r="43"
        fill={`url(#${id}-light-side)`}
        stroke="#3d2712"
        stroke-width="2.5"
      />
      <circle
        class="pc-body pc-light"
        cx="50"
        cy="45"
        r="43"
        fill={`url(#${id}-light)`}
        stroke="#3d2712"
        stroke-width="2.5"
      />
      <circle
        class="pc-line pc-gold"
        cx="50"
        cy="45"
        r="36.5"
        fill="none"
        stroke={`url(#${id}-gold)`}
        stroke-width="4"
      />
      <circle
        class="pc-side"
        cx="50"
        cy="45"
        r="34"
        fill="none"
        stroke="#4a2c06"
        stroke-opacity="0.35"
        stroke-width="1"
      />
      <g transform="translate(50 45) scale(1.18) translate(-50 -48)">
        <path
          class="pc-crown"
          d={CROWN}
          fill={`url(#${id}-gold)`}
          stroke="#4a2c06"
          stroke-width="2.4"
          stroke-linejoin="round"
        />
        <rect
          class="pc-crown"
          x="28"
          y="58"
          width="44"
          height="8"
          rx="2"
          fill={`url(#${id}-gold)`}
          stroke="#4a2c06"
          stroke-width="2.4"
        />
        <circle class="pc-jewel" cx="25" cy="35" r="3.4" fill="#b3261e" stroke="#4a2c06" stroke-width="1.5" />
        <circle class="pc-jewel" cx="43" cy="29" r="3.4" fill="#b3261e" stroke="#4a2c06" stroke-width="1.5" />
        <circle class="pc-jewel" cx="57" cy="29" r="3.4" fill="#b3261e" stroke="#4a2c06" stroke-width="1.5" />
        <circle class="pc-jewel" cx="75" cy="35" r="3.4" fill="#b3261e" stroke="#4a2c06" stroke-width="1.5" />
      </g>
    </>
  );
}

/** One piece as an SVG filling its square; decorative (the square's label names it). */
export function PieceSvg({ role, id }: { readonly role: PieceRole; readonly id: string }) {
  return (
    <svg class="tb-svg" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      {role === 'attacker' ? (
        <Attacker id={id} />
      ) : role === 'defender' ? (
        <Defender id={id} />
      ) : (
        <King id={id} />
      )}
    </svg>
  );
}
