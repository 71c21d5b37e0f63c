/**
 * The game's sounds, made by the Web Audio API (no sound files to download): a short wooden knock
 * for a move, a deeper double knock for a capture, three rising notes for the end of the game,
 * two soft beeps when a live clock runs low. They are quiet and short, like lichess's; on by
 * default, with a switch that is remembered (`tafl.sound` in localStorage).
 *
 * Browsers refuse sound before the page has been used, and we never try: the AudioContext is made
 * at the first sound after a user gesture (a click or a key), never while the switch is off. A
 * move replayed by stepping through the list makes no sound: the hooks follow the game's moves,
 * not the position shown.
 *
 * For tests and the curious, the last sound played is written on `<html data-sound="...">`, and
 * `<html data-audio="started">` once the AudioContext exists.
 */

import { useEffect, useRef, useState } from 'preact/hooks';

export const SOUNDS = ['move', 'capture', 'end', 'lowTime'] as const;
export type Sound = (typeof SOUNDS)[number];

const KEY = 'tafl.sound';

/** The remembered switch: on unless the player turned it off. */
export function soundEnabled(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

const listeners = new Set<(on: boolean) => void>();

export function setSoundEnabled(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // the choice lasts for this page
  }
  override = on;
  for (const l of listeners) l(on);
}

/** The switch for this page when storage is refused. */
let override: boolean | undefined;
const enabled = (): boolean => override ?? soundEnabled();

/** The switch as state, shared by every screen that shows it. */
export function useSoundSwitch(): [on: boolean, set: (on: boolean) => void] {
  const [on, setOn] = useState(enabled);
  useEffect(() => {
    listeners.add(setOn);
    return () => void listeners.delete(setOn);
  }, []);
  return [on, setSoundEnabled];
}

/** Has the page been used (a click, a tap, a key)? Before that a browser would refuse to sound. */
function activated(): boolean {
  const ua = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return ua ? ua.hasBeenActive : gestured;
}
let gestured = false;
if (typeof addEventListener === 'function')
  for (const type of ['pointerdown', 'keydown'])
    addEventListener(type, () => (gestured = true), { once: true, capture: true });

let context: AudioContext | undefined;

function audio(): AudioContext | undefined {
  if (context) return context;
  const Ctor =
    typeof AudioContext === 'function'
      ? AudioContext
      : (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return undefined;
  try {
    context = new Ctor();
    document.documentElement.dataset['audio'] = 'started';
  } catch {
    return undefined;
  }
  return context;
}

/** One note: a waveform gliding from `from` to `to` Hz, fading out over `ms`, `at` seconds ahead. */
interface Note {
  readonly type: OscillatorType;
  readonly from: number;
  readonly to: number;
  readonly ms: number;
  readonly at: number;
  readonly gain: number;
}

const knock = (from: number, to: number, at = 0, gain = 0.22): Note => ({
  type: 'triangle',
  from,
  to,
  ms: 90,
  at,
  gain,
});

const NOTES: { readonly [s in Sound]: readonly Note[] } = {
  move: [knock(520, 240)],
  capture: [knock(420, 170, 0, 0.26), knock(300, 120, 0.07, 0.22)],
  end: [
    { type: 'sine', from: 523, to: 523, ms: 260, at: 0, gain: 0.12 },
    { type: 'sine', from: 659, to: 659, ms: 260, at: 0.14, gain: 0.12 },
    { type: 'sine', from: 784, to: 784, ms: 520, at: 0.28, gain: 0.12 },
  ],
  lowTime: [
    { type: 'sine', from: 880, to: 880, ms: 80, at: 0, gain: 0.08 },
    { type: 'sine', from: 880, to: 880, ms: 80, at: 0.16, gain: 0.08 },
  ],
};

/** Plays a sound, if the switch is on and the page has been used; never throws. */
export function playSound(sound: Sound): void {
  if (!enabled() || !activated()) return;
  const ctx = audio();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') void ctx.resume();
    const t0 = ctx.currentTime + 0.01;
    for (const n of NOTES[sound]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const start = t0 + n.at;
      const end = start + n.ms / 1000;
      osc.type = n.type;
      osc.frequency.setValueAtTime(n.from, start);
      if (n.to !== n.from) osc.frequency.exponentialRampToValueAtTime(n.to, end);
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(n.gain, start + 0.005);
      gain.gain.exponentialRampToValueAtTime(0.0001, end);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(end + 0.02);
    }
    document.documentElement.dataset['sound'] = sound;
  } catch {
    // a browser without some node: silence
  }
}

/** Whether this page has made its AudioContext (never while the switch is off). */
export const audioStarted = (): boolean => context !== undefined;

/**
 * The sound of a game's new move: `moves` is the number of moves played (not the move shown;
 * undefined while the game is still loading), `captured` whether the last one captured, `ended`
 * whether the game is over. Nothing sounds when the screen opens or its game arrives, when a move
 * is taken back, or when the player steps through the list.
 */
export function useMoveSounds(moves: number | undefined, captured: boolean, ended: boolean): void {
  const before = useRef<{ moves: number; ended: boolean } | undefined>(undefined);
  useEffect(() => {
    const last = before.current;
    before.current = moves === undefined ? undefined : { moves, ended };
    if (moves === undefined) return;
    if (last === undefined) return;
    if (ended && !last.ended) playSound('end');
    else if (moves > last.moves) playSound(captured ? 'capture' : 'move');
  }, [moves, ended]);
}

/** Two beeps when `low` turns true (a live clock of the player's running low), once each time. */
export function useLowTimeSound(low: boolean): void {
  const was = useRef(low);
  useEffect(() => {
    if (low && !was.current) playSound('lowTime');
    was.current = low;
  }, [low]);
}
