/**
 * A built table and its bytes. Every entry is two bits of value for the side to move (draw,
 * win, loss, or no position) and the distance to the end in plies: one byte an entry
 * (value << 6 | distance) when every distance is under 64, else two (value << 14 | distance).
 * A table's bytes are a header line of JSON (the format, the rules it answers (`tbRulesKey`), the
 * material, the entry width) followed by the entries (two-byte entries little-endian); the command line compresses them for
 * the disk, the engine is given them uncompressed and does no I/O.
 */

import type { RuleParameters, Ruleset } from '@tafl/core';
import { TbIndexer } from './indexer.js';
import type { TbMaterial } from './material.js';
import { tbSymmetry } from './symmetry.js';

export const TB_DRAW = 0;
export const TB_WIN = 1;
export const TB_LOSS = 2;
/** An entry that stands for no position (a piece where it may not stand, or an unused image). */
export const TB_NONE = 3;

export const TB_FORMAT = 'tafl-tb 1';

/** The parameters a table does not depend on: the start, who begins, and the counters. */
const NOT_IN_TABLES: readonly (keyof RuleParameters)[] = [
  'layout',
  'start',
  'firstToMove',
  'repetitionDraws',
  'quietPlyLimit',
];

/**
 * The rules a table answers, as text: every rule parameter but those it does not depend on. Two
 * rulesets with the same key share their tables (a position probed under rules that differ
 * only in their counters gets the same answer).
 */
export function tbRulesKey(rules: Ruleset): string {
  const entries = Object.entries(rules).filter(
    ([k]) => k in rulesParameterNames && !NOT_IN_TABLES.includes(k as keyof RuleParameters),
  );
  return entries
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}:${String(v)}`)
    .join(' ');
}

const rulesParameterNames: Record<keyof RuleParameters, true> = {
  size: true,
  layout: true,
  start: true,
  firstToMove: true,
  soldierMove: true,
  kingMove: true,
  kingReturns: true,
  thronePassage: true,
  throneHostileToAttackers: true,
  throneHostileToDefenders: true,
  throneHostileToKing: true,
  cornerStop: true,
  cornersHostile: true,
  cornerImmune: true,
  kingArmed: true,
  kingCapture: true,
  kingCaptureOnThrone: true,
  kingCaptureNextToThrone: true,
  kingAndShield: true,
  escape: true,
  allAttackersCapturedWins: true,
  blocked: true,
  repetitionDraws: true,
  quietPlyLimit: true,
};

export interface TbTableHeader {
  readonly format: string;
  /** The ruleset's id and its `tbRulesKey`: a table is only used under the same rules. */
  readonly rulesId: string;
  readonly rules: string;
  readonly defenders: number;
  readonly attackers: number;
  readonly symmetries: number;
  readonly entries: number;
  /** Bytes an entry: 1 or 2. */
  readonly width: 1 | 2;
  readonly maxDistance: number;
  /** Counts of wins, losses and draws for the side to move. */
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

export class TbTable {
  readonly header: TbTableHeader;
  readonly material: TbMaterial;
  readonly indexer: TbIndexer;
  readonly entries: Uint8Array | Uint16Array;
  private readonly shift: number;
  private readonly mask: number;

  constructor(header: TbTableHeader, indexer: TbIndexer, entries: Uint8Array | Uint16Array) {
    this.header = header;
    this.material = { defenders: header.defenders, attackers: header.attackers };
    this.indexer = indexer;
    this.entries = entries;
    this.shift = header.width === 1 ? 6 : 14;
    this.mask = (1 << this.shift) - 1;
  }

  value(index: number): number {
    return this.entries[index]! >> this.shift;
  }

  distance(index: number): number {
    return this.entries[index]! & this.mask;
  }
}

/** The table of a material from the builder's value and distance arrays. */
export function makeTbTable(rules: Ruleset, m: TbMaterial, value: Uint8Array, distance: Uint8Array): TbTable {
  const indexer = new TbIndexer(tbSymmetry(rules), m);
  let maxDistance = 0;
  const counts = [0, 0, 0, 0];
  for (let i = 0; i < value.length; i++) {
    counts[value[i]!]!++;
    if (value[i] !== TB_NONE && distance[i]! > maxDistance) maxDistance = distance[i]!;
  }
  const width = maxDistance < 64 ? 1 : 2;
  const shift = width === 1 ? 6 : 14;
  const entries = width === 1 ? new Uint8Array(value.length) : new Uint16Array(value.length);
  for (let i = 0; i < value.length; i++)
    entries[i] = (value[i]! << shift) | (value[i] === TB_NONE ? 0 : distance[i]!);
  const header: TbTableHeader = {
    format: TB_FORMAT,
    rulesId: rules.id,
    rules: tbRulesKey(rules),
    defenders: m.defenders,
    attackers: m.attackers,
    symmetries: indexer.sym.count,
    entries: value.length,
    width,
    maxDistance,
    wins: counts[TB_WIN]!,
    losses: counts[TB_LOSS]!,
    draws: counts[TB_DRAW]!,
  };
  return new TbTable(header, indexer, entries);
}

/** A table as bytes: the header line, then the entries (little-endian when two bytes). */
export function tbTableBytes(table: TbTable): Uint8Array {
  const head = new TextEncoder().encode(`${JSON.stringify(table.header)}\n`);
  const e = table.entries;
  const body = new Uint8Array(e.buffer, e.byteOffset, e.byteLength);
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

/** Reads a table's bytes back; the rules must be the ones it was built under. */
export function parseTbTable(rules: Ruleset, bytes: Uint8Array): TbTable {
  const nl = bytes.indexOf(10);
  if (nl < 0 || nl > 4096) throw new Error('not a tablebase file: no header line');
  let header: TbTableHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(0, nl))) as TbTableHeader;
  } catch {
    throw new Error('not a tablebase file: the header is not JSON');
  }
  if (header.format !== TB_FORMAT) throw new Error(`not a tablebase file of format ${TB_FORMAT}`);
  if (header.rules !== tbRulesKey(rules))
    throw new Error(`the table was built under other rules (${header.rulesId}) than ${rules.id}`);
  const indexer = new TbIndexer(tbSymmetry(rules), header);
  if (indexer.size !== header.entries || indexer.sym.count !== header.symmetries)
    throw new Error('the table does not have the size its material calls for');
  const body = bytes.subarray(nl + 1);
  if (body.length !== header.entries * header.width) throw new Error('the table is truncated');
  // Copied into a buffer of its own, so that two-byte entries are aligned whatever the offset of
  // the body (a Node Buffer's slice would be a view into a shared pool).
  const copy = new Uint8Array(body.length);
  copy.set(body);
  const entries = header.width === 1 ? copy : new Uint16Array(copy.buffer, copy.byteOffset, header.entries);
  return new TbTable(header, indexer, entries);
}
