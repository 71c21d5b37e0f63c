/**
 * Games as OTN game records (OpenTafl's `.otg` text), out and in, through the core's record
 * functions: `recordFromGame` + `makeRecord` to export, `parseRecords` + `replayRecord` to import.
 * The app adds what a `Game` knows and a position does not: the players' names, the date, our
 * ruleset id (tag `x-ruleset`), a resignation (the spec's last move `---`; on import also the
 * termination `resignation` with a decisive result, as the OpenTafl export writes it) and a draw
 * by agreement (`[termination:agreement]`, result 0).
 *
 * For OpenTafl, `exportOpenTaflRecord` writes the same record as OpenTafl opens it (the core's
 * `makeOpenTaflRecord`: no `x-` keys, a resignation in the result tag only), offered only when
 * OpenTafl plays the game's rules as we do (`openTaflDifferences` is empty).
 *
 * An import reads records as OpenTafl writes them too (its rules strings give the start as
 * `starti:`, which the core's `parseRules` reads). `importRecord` takes one record and refuses
 * a text of several, saying how many; `importRecords` takes a text of any number (a `tafl match`
 * file, a collection) and gives every game that opens, with each record that does not by line.
 * An import names its ruleset by its rules string. When the parameters are a preset's, the game
 * refers to the preset (with the record's start, if it has its own); when they are one of the
 * player's own rulesets, it carries that ruleset; otherwise it carries the ruleset the rules
 * string describes. Every failure is a code the interface translates, plus the core's sentence
 * saying exactly what and where.
 */

import {
  MOVE_ERRORS,
  PRESETS,
  RECORD_ERRORS,
  REPLAY_ERRORS,
  makeOpenTaflRecord,
  makeRecord,
  openTaflDifferences,
  opposite,
  parseRecords,
  parseRules,
  playMoveRecord,
  positionFromOtn,
  recordFromGame,
  replayRecord,
  tagValue,
  type GameRecord,
  type MoveError,
  type RecordInFile,
  type RecordTag,
  type Result,
  type Ruleset,
  type Side,
} from '@tafl/core';
import {
  acceptDraw,
  createGame,
  deriveGame,
  offerDraw,
  parametersKey,
  presetLike,
  resign,
  type Game,
  type Opponent,
} from './model.js';

export const IMPORT_ERRORS = {
  empty: 'ERR_IMPORT_EMPTY',
  several: 'ERR_IMPORT_SEVERAL',
  syntax: 'ERR_IMPORT_SYNTAX',
  rules: 'ERR_IMPORT_RULES',
  position: 'ERR_IMPORT_POSITION',
  move: 'ERR_IMPORT_MOVE',
} as const;
export type ImportError = (typeof IMPORT_ERRORS)[keyof typeof IMPORT_ERRORS];

export interface ImportFailure {
  readonly ok: false;
  readonly code: ImportError;
  /** The core's sentence, in English: what is wrong and where. */
  readonly message: string;
  /** The ply of the first move that could not be played. */
  readonly ply?: number;
  /** How many records the text holds, when it holds several. */
  readonly records?: number;
  /** The move that could not be read or played, as written, its line in the text, and why. */
  readonly moveLine?: number;
  readonly move?: string;
  readonly fault?: MoveFault;
  /** The side whose move it was, when it is known. */
  readonly side?: Side;
}

/** Why a move of an imported text could not be played (the core's move errors, by name). */
export const MOVE_FAULTS = ['syntax', 'square', 'illegal', 'captures', 'over'] as const;
export type MoveFault = (typeof MOVE_FAULTS)[number];

const FAULT_OF: { readonly [code in MoveError]: MoveFault } = {
  [MOVE_ERRORS.syntax]: 'syntax',
  [MOVE_ERRORS.square]: 'square',
  [MOVE_ERRORS.illegal]: 'illegal',
  [MOVE_ERRORS.captures]: 'captures',
  [MOVE_ERRORS.over]: 'over',
};

export type ImportResult = { readonly ok: true; readonly value: Game } | ImportFailure;

/** Names for the players, as the export writes them in the `attackers` and `defenders` tags. */
export interface PlayerNames {
  readonly person: string;
  readonly computer: (level: number) => string;
}

const DEFAULT_NAMES: PlayerNames = { person: 'Player', computer: (level) => `Computer (level ${level})` };

/** The OTN record of a game (played or finished). */
export function exportRecord(game: Game, names: PlayerNames = DEFAULT_NAMES): Result<string> {
  const record = gameRecord(game, names);
  return record.ok ? { ok: true, value: makeRecord(record.value) } : record;
}

/** Whether OpenTafl plays these rules as we do, so that an OpenTafl record can be offered. */
export const openTaflExportable = (rules: Ruleset): boolean => openTaflDifferences(rules).length === 0;

/** The game's record as OpenTafl opens it; a failure when OpenTafl cannot play its rules. */
export function exportOpenTaflRecord(game: Game, names: PlayerNames = DEFAULT_NAMES): Result<string> {
  const record = gameRecord(game, names);
  return record.ok ? makeOpenTaflRecord(record.value) : record;
}

function gameRecord(game: Game, names: PlayerNames): Result<GameRecord> {
  const derived = deriveGame(game);
  if (!derived.ok) return derived;
  const { rules, position, result } = derived.value;
  const tags: RecordTag[] = [
    { key: 'date', value: dateTag(game.created) },
    { key: 'attackers', value: playerName(game.opponent, 'attackers', names) },
    { key: 'defenders', value: playerName(game.opponent, 'defenders', names) },
    { key: 'x-ruleset', value: rules.id },
  ];
  return { ok: true, value: withPlayersEnd(recordFromGame(position, tags), result) };
}

/** A file name for a game's record: `brandubh-2024-05-01-<id>.otg` (`-opentafl.otg` for OpenTafl's). */
export function recordFileName(game: Game, rules: Ruleset, openTafl = false): string {
  const day = new Date(game.created).toISOString().slice(0, 10);
  const name = `${rules.game}-${day}-${game.id}${openTafl ? '-opentafl' : ''}.otg`;
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

function playerName(opponent: Opponent, side: 'attackers' | 'defenders', names: PlayerNames): string {
  if (opponent.kind === 'local') return names.person;
  return opponent.human === side ? names.person : names.computer(opponent.level);
}

const dateTag = (ms: number): string => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '.');

/** Resignation as the last move `---`, agreement as the termination, as the players ended it. */
function withPlayersEnd(record: GameRecord, result: Game['result']): GameRecord {
  if (result === undefined || (result.reason !== 'resignation' && result.reason !== 'agreement'))
    return record;
  const value = result.winner === 'attackers' ? '1' : result.winner === 'defenders' ? '-1' : '0';
  const tags = [
    ...record.tags.filter((t) => t.key !== 'result' && t.key !== 'termination'),
    { key: 'result', value },
    { key: 'termination', value: result.reason },
  ];
  const moves = result.reason === 'resignation' ? [...record.moves, { move: '---' }] : record.moves;
  return { ...record, tags, moves };
}

/**
 * A game from an OTN record, played on this device (`own` are the player's rulesets). Refuses a
 * record that cannot be read, whose rules cannot be played here, or with an illegal move.
 */
export function importRecord(
  text: string,
  own: readonly Ruleset[] = [],
  now: number = Date.now(),
  id?: string,
): ImportResult {
  if (text.trim() === '') return failure(IMPORT_ERRORS.empty, 'the record is empty');
  const all = parseRecords(text);
  if (all.length > 1)
    return {
      ...failure(
        IMPORT_ERRORS.several,
        `the text holds ${all.length} game records, starting on lines ${all.map((r) => r.line).join(', ')}`,
      ),
      records: all.length,
    };
  const parsed = all[0];
  if (parsed === undefined) return failure(IMPORT_ERRORS.empty, 'the record is empty');
  const imported = importParsed(parsed, own, now, id);
  return imported.ok ? imported : placed(text, parsed.line, imported);
}

/** What a text of one or more records gave: the games, and each record that failed, by line. */
export interface ImportedRecords {
  readonly games: readonly Game[];
  /** Each record that failed, with the line where it starts. */
  readonly failures: readonly (ImportFailure & { readonly line: number })[];
}

/**
 * Every game of a text of one or more OTN records (a `tafl match --records` file, a collection of
 * OpenTafl's saves end to end): each record that opens and replays becomes a game; one that does
 * not is listed with the line where it starts, and does not stop the others.
 */
export function importRecords(
  text: string,
  own: readonly Ruleset[] = [],
  now: number = Date.now(),
): ImportedRecords {
  const games: Game[] = [];
  const failures: (ImportFailure & { line: number })[] = [];
  for (const parsed of parseRecords(text)) {
    const imported = importParsed(parsed, own, now);
    if (imported.ok) games.push(imported.value);
    else failures.push({ ...placed(text, parsed.line, imported), line: parsed.line });
  }
  return { games, failures };
}

function importParsed(parsed: RecordInFile, own: readonly Ruleset[], now: number, id?: string): ImportResult {
  if (!parsed.ok)
    return failure(
      parsed.code === RECORD_ERRORS.rules ? IMPORT_ERRORS.rules : IMPORT_ERRORS.syntax,
      parsed.message,
    );
  const record = parsed.value;
  const replayed = replayRecord(record);
  if (!replayed.ok) {
    const code =
      replayed.code === REPLAY_ERRORS.rules
        ? IMPORT_ERRORS.rules
        : replayed.code === REPLAY_ERRORS.position
          ? IMPORT_ERRORS.position
          : IMPORT_ERRORS.move;
    if (replayed.ply === undefined) return failure(code, replayed.message);
    const move = record.moves[replayed.ply - 1]?.move;
    const rules = parseRules(record.rules);
    const first = rules.ok ? rules.value.firstToMove : undefined;
    const side = first && (replayed.ply % 2 === 1 ? first : opposite(first));
    return {
      ...failure(code, replayed.message),
      ply: replayed.ply,
      ...(move !== undefined ? { move } : {}),
      ...(side ? { side } : {}),
      ...(replayed.moveError ? { fault: FAULT_OF[replayed.moveError] } : {}),
    };
  }
  const rules = replayed.value.rules;
  const start = record.position ?? rules.start;
  const ruleset = ownRuleset(rules, tagValue(record, 'x-ruleset'), own);
  const moves = record.moves.map((m) => m.move).filter((m) => m !== '---');
  const created = createGame({ rules: ruleset, start, turn: rules.firstToMove, moves }, now, id);
  if (!created.ok) return failure(IMPORT_ERRORS.move, created.message);
  let game = created.value;
  const resigned = replayed.value.resigned ?? resignedByTags(record);
  if (resigned !== undefined) game = resign(game, resigned, now);
  else if (tagValue(record, 'termination') === 'agreement' && tagValue(record, 'result') === '0')
    game = acceptDraw(offerDraw(game, game.turn, now), now);
  return { ok: true, value: { ...game, created: now, updated: now } };
}

/**
 * The side that resigned, as a record without `---` says it (our OpenTafl export): the
 * termination `resignation` and the result naming the other side the winner.
 */
function resignedByTags(record: GameRecord): 'attackers' | 'defenders' | undefined {
  if (tagValue(record, 'termination') !== 'resignation') return undefined;
  const result = tagValue(record, 'result');
  return result === '1' ? 'defenders' : result === '-1' ? 'attackers' : undefined;
}

/** What the game refers to: a preset's id, the player's own ruleset, or the record's ruleset. */
function ownRuleset(rules: Ruleset, named: string | undefined, own: readonly Ruleset[]): string | Ruleset {
  if (PRESETS.includes(rules)) return rules.id;
  const preset = presetLike(rules);
  if (preset) return preset.id;
  const key = parametersKey(rules);
  const mine = own.filter((r) => parametersKey(r) === key);
  return mine.find((r) => r.id === named) ?? mine[0] ?? rules;
}

const failure = (code: ImportError, message: string): ImportFailure => ({ ok: false, code, message });

// ---------------------------------------------------------------------------------------------
// Where a move stands in the text, and bare move lists

/** A move as written in a text, and its line (1 for the first). */
export interface WrittenMove {
  readonly move: string;
  readonly line: number;
}

const TURN_RE = /^[0-9]+\.+/;

/**
 * The moves written in a text from line `from` on, each with its line: a record's moves after its
 * header (from its first turn number), or every token of a bare list (`1. d2-e2 d5-f5`, or the
 * plain lists of `parseMoveList`, `d2-e2 c4-c5 e2-d2xd3 ... timeout,3,1,Black`). Brackets
 * (tags, comments) are left out; a list's `x` captures are written as OTN writes them
 * (`xc3xd2` becomes `xc3/d2`).
 */
export function writtenMoves(text: string, from = 1, record = false): WrittenMove[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: WrittenMove[] = [];
  let body = !record;
  for (let i = from - 1; i < lines.length; i++) {
    const line = lines[i]!.replace(/\[[^\]]*\]?/g, ' ');
    const trimmed = line.trim();
    if (!body) {
      if (!TURN_RE.test(trimmed)) continue;
      body = true;
    }
    for (const raw of trimmed.split(',')[0]!.split(/\s+/)) {
      const token = raw.replace(TURN_RE, '');
      if (token === '' || token === 'timeout') continue;
      out.push({ move: listCaptures(token), line: i + 1 });
    }
  }
  return out;
}

/** `e2-d2xc2xd3` (a move list's captures) as OTN writes them: `e2-d2xc2/d3`. */
const listCaptures = (token: string): string => {
  const m = /^(K?[a-z][0-9]{1,2}-[a-z][0-9]{1,2})((?:xK?[a-z][0-9]{1,2}){2,})([+-]*)$/.exec(token);
  return m ? `${m[1]}x${m[2]!.slice(1).split('x').join('/')}${m[3]}` : token;
};

/** A failure with the line of its move, found in the text (the record starts on `start`). */
function placed(text: string, start: number, result: ImportFailure): ImportFailure {
  if (result.ply !== undefined) {
    const written = writtenMoves(text, start, true)[result.ply - 1];
    return written ? { ...result, moveLine: written.line } : result;
  }
  // A move the record's syntax refuses: the core's sentence names its line and the move.
  const m = /^line ([0-9]+)(?:, turn [0-9]+)?: ("(?:[^"\\]|\\.)*") is not an OTN move/.exec(result.message);
  return m
    ? { ...result, moveLine: Number(m[1]), move: JSON.parse(m[2]!) as string, fault: 'syntax' }
    : result;
}

/**
 * A text of moves without rules: no rules tag, no `dim:` line, and at least one move. It must be
 * told which ruleset it follows (`rulesFits` ranks them).
 */
export function isBareMoveList(text: string): boolean {
  if (/\[rules:/i.test(text) || /^\s*dim:/m.test(text)) return false;
  return writtenMoves(text).some((m) => /^K?[a-z][0-9]{1,2}-[a-z][0-9]{1,2}/.test(m.move));
}

/** How far a ruleset plays a list of moves. */
export interface RulesFit {
  readonly rules: Ruleset;
  /** How many moves it plays before one fails. */
  readonly played: number;
  /** Every move is legal under it. */
  readonly fits: boolean;
}

/**
 * The rulesets (the presets, then the player's own) by how well they play the moves: those that
 * play them all first (the first of them is the detected one), then the others by how far they get.
 */
export function rulesFits(text: string, own: readonly Ruleset[] = []): RulesFit[] {
  const moves = writtenMoves(text);
  const fits = [...PRESETS, ...own].map((rules): RulesFit => {
    const played = replayMoves(rules, moves);
    const n = played.ok ? moves.length : played.index;
    return { rules, played: n, fits: played.ok };
  });
  return fits
    .map((f, i) => ({ f, i }))
    .sort((a, b) => Number(b.f.fits) - Number(a.f.fits) || b.f.played - a.f.played || a.i - b.i)
    .map(({ f }) => f);
}

type Replayed = { ok: true } | { ok: false; index: number; fault: MoveFault; side: Side; message: string };

function replayMoves(rules: Ruleset, moves: readonly WrittenMove[]): Replayed {
  const pos = positionFromOtn(rules);
  if (!pos.ok)
    return { ok: false, index: 0, fault: 'illegal', side: rules.firstToMove, message: pos.message };
  for (const [index, m] of moves.entries()) {
    const side = pos.value.turn;
    const played = playMoveRecord(pos.value, m.move);
    if (!played.ok) return { ok: false, index, fault: FAULT_OF[played.code], side, message: played.message };
  }
  return { ok: true };
}

/** A game from a bare move list played under `rules` (a preset, or one of the player's own). */
export function importMoveList(
  text: string,
  rules: Ruleset,
  now: number = Date.now(),
  id?: string,
): ImportResult {
  const moves = writtenMoves(text);
  if (moves.length === 0) return failure(IMPORT_ERRORS.empty, 'the text holds no move');
  const played = replayMoves(rules, moves);
  if (!played.ok) {
    const m = moves[played.index]!;
    return {
      ...failure(IMPORT_ERRORS.move, `line ${m.line}: ${played.message}`),
      ply: played.index + 1,
      moveLine: m.line,
      move: m.move,
      fault: played.fault,
      side: played.side,
    };
  }
  const created = createGame(
    { rules: PRESETS.includes(rules) ? rules.id : rules, moves: moves.map((m) => m.move) },
    now,
    id,
  );
  return created.ok ? created : failure(IMPORT_ERRORS.move, created.message);
}
