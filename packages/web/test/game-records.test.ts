// OTN game records out and in (src/game/records.ts): a game exported and imported again is the
// same game; a record that cannot be imported says what is wrong, and where.
import { parseRecord, plazoleta, presetById, tagValue } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { acceptDraw, createGame, offerDraw, resign, type Game, type NewGame } from '../src/game/model.js';
import {
  IMPORT_ERRORS,
  exportRecord,
  importMoveList,
  importRecord,
  importRecords,
  isBareMoveList,
  recordFileName,
  rulesFits,
  writtenMoves,
} from '../src/game/records.js';
import { importFailureSentence } from '../src/game/feedback-text.js';
import { en } from '../src/i18n/en.js';
import { es } from '../src/i18n/es.js';
import { fr } from '../src/i18n/fr.js';

const make = (spec: NewGame): Game => {
  const made = createGame(spec, Date.UTC(2024, 4, 1), 'g1');
  if (!made.ok) throw new Error(made.message);
  return made.value;
};

const exported = (game: Game): string => {
  const text = exportRecord(game);
  if (!text.ok) throw new Error(text.message);
  return text.value;
};

const imported = (text: string, own = [] as Parameters<typeof importRecord>[1]): Game => {
  const game = importRecord(text, own, 5, 'g2');
  if (!game.ok) throw new Error(`${game.code}: ${game.message}`);
  return game.value;
};

/** brandubh-2019: the king captured on d2 between c2 and e2 after five plies. */
const KING_CAPTURE = ['a4-a2', 'd3-b3', 'd2-e2', 'd4-d2', 'a2-c2'];

describe('export', () => {
  it('writes an OpenTafl record: tags, the rules string, numbered turns, kings marked K', () => {
    const text = exported(make({ rules: 'brandubh-2019', moves: KING_CAPTURE }));
    expect(text).toContain('[date:2024.05.01]');
    expect(text).toContain('[x-ruleset:brandubh-2019]');
    expect(text).toContain('[result:1]');
    expect(text).toContain('[termination:king captured]');
    expect(text).toMatch(/\[rules:dim:7 .*start:\/3t3\/3t3\/3T3\/ttTKTtt\/3T3\/3t3\/3t3\/\]/);
    expect(text).toContain('1. a4-a2 d3-b3\n2. d2-e2 Kd4-d2\n3. a2-c2xKd2++');
  });

  it('names the players: the person and the computer with its level', () => {
    const vs = make({ rules: 'plazoleta', opponent: { kind: 'computer', level: 3, human: 'defenders' } });
    const record = parseRecord(exported(vs));
    expect(record.ok && tagValue(record.value, 'attackers')).toBe('Computer (level 3)');
    expect(record.ok && tagValue(record.value, 'defenders')).toBe('Player');
  });

  it('names the file after the game, the day and the id', () => {
    expect(recordFileName(make({ rules: 'ard-ri-es' }), plazoleta)).toBe('brandubh-2024-05-01-g1.otg');
  });
});

describe('export and import again', () => {
  it('gives back the same game: rules, moves, result', () => {
    const game = make({ rules: 'brandubh-2019', moves: KING_CAPTURE });
    const back = imported(exported(game));
    expect(back).toMatchObject({
      rules: 'brandubh-2019',
      start: game.start,
      turn: game.turn,
      moves: game.moves,
      result: { winner: 'attackers', reason: 'king captured' },
      opponent: { kind: 'local' },
    });
  });

  it('keeps a game in progress in progress', () => {
    const game = make({ rules: 'ard-ri-fr', moves: ['c5-c6'] });
    const back = imported(exported(game));
    expect(back.rules).toBe('ard-ri-fr');
    expect(back.moves).toEqual(game.moves);
    expect(back.result).toBeUndefined();
  });

  it('keeps a resignation, as the last move ---', () => {
    const game = resign(make({ rules: 'plazoleta', moves: ['d2-e2'] }), 'defenders');
    const text = exported(game);
    expect(text).toContain('1. d2-e2 ---');
    expect(imported(text).result).toEqual({ winner: 'attackers', reason: 'resignation' });
  });

  it('keeps a draw by agreement', () => {
    const game = acceptDraw(offerDraw(make({ rules: 'brandub-fr', moves: ['d2-e2'] }), 'defenders'));
    const back = imported(exported(game));
    expect(back.result).toEqual({ winner: 'draw', reason: 'agreement' });
  });

  it('keeps a game from its own start under a preset', () => {
    const start = '/3t3/3t3/3T3/ttTK1tt/3T3/3t3/3t3/';
    const game = make({ rules: 'brandubh-en', start, turn: 'defenders', moves: ['d5-f5'] });
    const back = imported(exported(game));
    expect(back).toMatchObject({ rules: 'brandubh-en', start, turn: 'defenders', moves: ['d5-f5'] });
  });

  it('finds the player’s own ruleset by its parameters', () => {
    const own = {
      ...plazoleta,
      id: 'custom-7',
      name: 'Slow king',
      kingMove: 'step' as const,
      quietPlyLimit: 40,
    };
    const game = make({ rules: own, moves: ['d2-e2'] });
    const back = imported(exported(game), [own]);
    expect(back.rules).toEqual(own);
    // Without it, the game carries the ruleset the rules string describes.
    const elsewhere = imported(exported(game));
    expect(typeof elsewhere.rules === 'object' && elsewhere.rules.quietPlyLimit).toBe(40);
  });
});

describe('import errors', () => {
  it('an empty record', () => {
    expect(importRecord('  \n')).toMatchObject({ ok: false, code: IMPORT_ERRORS.empty });
  });

  it('a record without rules', () => {
    expect(importRecord('1. d2-e2 d5-f5\n')).toMatchObject({ ok: false, code: IMPORT_ERRORS.rules });
  });

  it('a record that is not OTN, with the line', () => {
    const failure = importRecord('[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. hello\n');
    expect(failure).toMatchObject({ ok: false, code: IMPORT_ERRORS.syntax });
    expect(!failure.ok && failure.message).toMatch(/line 3/);
  });

  it('rules this software does not play', () => {
    const failure = importRecord('[rules:dim:7 surf:y start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n');
    expect(failure).toMatchObject({ ok: false, code: IMPORT_ERRORS.rules });
  });

  it('an illegal move, with its ply', () => {
    const text = exported(make({ rules: 'brandubh-2019', moves: ['a4-a2', 'd3-b3'] })).replace(
      'd3-b3',
      'd3-d2',
    );
    const failure = importRecord(text);
    expect(failure).toMatchObject({ ok: false, code: IMPORT_ERRORS.move, ply: 2 });
  });

  it('captures listed that the move does not make', () => {
    const text = exported(make({ rules: 'brandubh-2019', moves: ['a4-a2'] })).replace('a4-a2', 'a4-a2xb2');
    expect(importRecord(text)).toMatchObject({ ok: false, code: IMPORT_ERRORS.move, ply: 1 });
  });
});

describe('a bare move list: which rules it follows is asked, the detected ones first', () => {
  it('is told from a record: no rules tag, no rules line, moves', () => {
    expect(isBareMoveList('1. d2-e2 d5-f5\n2. e2-e3')).toBe(true);
    expect(isBareMoveList('d2-e2 c4-c5 e2-d2xd3 timeout,3,1,Black')).toBe(true);
    expect(isBareMoveList(exported(make({ rules: 'plazoleta', moves: ['d2-e2'] })))).toBe(false);
    expect(isBareMoveList('hello')).toBe(false);
  });

  it('reads the moves with their lines, turn numbers and a list’s end left out, captures as OTN writes them', () => {
    expect(writtenMoves('1. d2-e2 d5-f5\n\n2.e2-e3 [a comment]')).toEqual([
      { move: 'd2-e2', line: 1 },
      { move: 'd5-f5', line: 1 },
      { move: 'e2-e3', line: 3 },
    ]);
    expect(writtenMoves('d2-e2 c4-c5 e2-d2xc2xd3 timeout,3,1,Black').map((m) => m.move)).toEqual([
      'd2-e2',
      'c4-c5',
      'e2-d2xc2/d3',
    ]);
  });

  it('ranks first the rulesets under which every move is legal: c1 holds an attacker in Ard Ri only', () => {
    // Ard Ri's start: attackers on c1, d1, e1; a defender on c5, and c6 is empty.
    const fits = rulesFits('1. c1-c2 c5-c6');
    expect(fits[0]).toMatchObject({ fits: true, played: 2 });
    expect(fits[0]!.rules.id).toBe('ard-ri-es');
    // ard-ri-fr: the defenders move first, so its first move already fails.
    expect(fits.find((f) => f.rules.id === 'ard-ri-fr')).toMatchObject({ fits: false, played: 0 });
    expect(fits.filter((f) => f.fits).map((f) => f.rules.id)).toEqual(['ard-ri-es']);
  });

  it('imports the list under the chosen rules', () => {
    const fits = rulesFits(KING_CAPTURE.join(' '));
    expect(fits[0]!.fits).toBe(true);
    const game = importMoveList(KING_CAPTURE.join(' '), fits[0]!.rules, 5, 'g3');
    expect(game.ok && game.value.moves.length).toBe(5);
    expect(game.ok && game.value.rules).toBe(fits[0]!.rules.id);
  });

  it('says which line and which move fail, in the page’s language', () => {
    const failed = importMoveList('1. d2-e2 d5-f5\n2. e2-e9', presetById('brandubh-2019')!);
    expect(failed).toMatchObject({ ok: false, moveLine: 2, move: 'e2-e9', fault: 'square' });
    if (failed.ok) throw new Error('imported');
    expect(importFailureSentence(en, failed)).toBe('Line 2: the move e2-e9 is not on the board.');
    expect(importFailureSentence(fr, failed)).toBe('Ligne 2\u202f: le coup e2-e9 sort du plateau.');
    expect(importFailureSentence(es, failed)).toBe('Línea 2: la jugada e2-e9 se sale del tablero.');
    const illegal = importMoveList('d2-e2\nd5-d7', presetById('brandubh-2019')!);
    expect(illegal.ok || importFailureSentence(en, illegal)).toBe(
      'Line 2: the move d5-d7 is not legal for the defenders in that position.',
    );
  });
});

describe('errors of a record name the line and the move', () => {
  const header = exported(make({ rules: 'brandubh-2019', moves: [] })).trimEnd();
  const lines = header.split('\n').length;

  it('an illegal move: its line in the text', () => {
    const failed = importRecord(`${header}\n\n1. d2-e2 d5-f5\n2. e2-e3 f5-f1\n`);
    expect(failed).toMatchObject({ ok: false, moveLine: lines + 3, move: 'f5-f1', fault: 'illegal' });
    if (failed.ok) throw new Error('imported');
    expect(importFailureSentence(fr, failed)).toBe(
      `Ligne ${lines + 3}\u202f: le coup f5-f1 n’est pas légal pour les défenseurs dans cette position.`,
    );
  });

  it('a move the syntax refuses, and a record after others in a file', () => {
    const text = `${header}\n\n1. d2-e2 d5-f5\n${header}\n\n1. d2-e2 d5-ff5\n`;
    const { games, failures } = importRecords(text);
    expect(games).toHaveLength(1);
    expect(failures[0]).toMatchObject({ moveLine: 2 * lines + 4, move: 'd5-ff5', fault: 'syntax' });
  });
});
