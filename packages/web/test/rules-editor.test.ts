// The rules editor's model (rules/editor-model.ts, rules/catalog.ts), without a DOM. docs/rules.md,
// "The rule parameters": a ruleset is a value of them all, and the editor sets every one.
import { describe, expect, it } from 'vitest';
import {
  ARD_RI_LAYOUT,
  BRANDUBH_LAYOUT,
  PRESETS,
  parseRules,
  positionFromOtn,
  presetById,
  validateSetup,
  type RuleParameters,
} from '@tafl/core';
import {
  CHOICES,
  FORM,
  PARAMETERS,
  boardOf,
  clearBoard,
  editorFrom,
  exportRules,
  gameUnder,
  importRules,
  keptNotes,
  parametersOf,
  placePiece,
  positionIssues,
  saveEditor,
  setName,
  setParameter,
  toRuleset,
  type EditorState,
} from '../src/rules/editor-model.js';
import { deleteCustomRuleset, findRuleset, loadCustomRulesets, newCustomId } from '../src/rules/catalog.js';
import { LANGUAGES } from '../src/i18n/index.js';
import { RULES_TEXT } from '../src/rules/text/index.js';

/** A Storage kept in a Map, as the browser's localStorage behaves. */
class FakeStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

const sq = (name: string): number => (Number(name.slice(1)) - 1) * 7 + name.charCodeAt(0) - 97;
const plazoleta = presetById('plazoleta')!;
const fresh = (): EditorState => editorFrom(plazoleta, 'Mis reglas');

describe('the form', () => {
  it('exposes every parameter: each one has a field (start has the position editor) and words in every language', () => {
    const fields = FORM.flatMap((f) => f.parameters);
    expect([...fields, 'start'].sort()).toEqual([...PARAMETERS].sort());
    for (const lang of LANGUAGES)
      for (const key of PARAMETERS)
        expect(RULES_TEXT[lang].parameters[key].label, `${lang} ${key}`).not.toBe('');
  });

  it('offers every value a preset uses', () => {
    for (const rules of PRESETS)
      for (const key of PARAMETERS)
        if (key !== 'start' && key !== 'quietPlyLimit')
          expect(CHOICES[key] as readonly unknown[], `${rules.id} ${key}`).toContain(rules[key]);
  });
});

describe('setting parameters', () => {
  it('a preset becomes a new, unsaved ruleset with its parameters', () => {
    const state = fresh();
    expect(state.id).toBeUndefined();
    expect(state.name).toBe('Mis reglas');
    expect(state.parameters).toEqual(parametersOf(plazoleta));
  });

  it('sets one parameter and leaves the others', () => {
    const state = setParameter(fresh(), 'kingMove', 'rook');
    expect(state.parameters.kingMove).toBe('rook');
    expect({ ...state.parameters, kingMove: 'step' }).toEqual(parametersOf(plazoleta));
  });

  it('a standard layout sets the position; the position sets the layout', () => {
    let state = setParameter(fresh(), 'layout', 'ard-ri');
    expect(state.parameters.start).toBe(ARD_RI_LAYOUT);
    state = placePiece(state, sq('b2'), 'attacker');
    expect(state.parameters.layout).toBe('custom');
    state = placePiece(state, sq('b2'), 'attacker');
    expect(state.parameters.layout).toBe('ard-ri');
    expect(setParameter(state, 'layout', 'brandubh').parameters.start).toBe(BRANDUBH_LAYOUT);
    expect(setParameter(state, 'layout', 'custom').parameters.layout).toBe('ard-ri');
  });

  it('the quiet-move limit is a whole number of plies, never negative', () => {
    expect(setParameter(fresh(), 'quietPlyLimit', 30).parameters.quietPlyLimit).toBe(30);
    expect(setParameter(fresh(), 'quietPlyLimit', -4).parameters.quietPlyLimit).toBe(0);
    expect(setParameter(fresh(), 'quietPlyLimit', 12.7).parameters.quietPlyLimit).toBe(12);
    expect(setParameter(fresh(), 'quietPlyLimit', Number.NaN).parameters.quietPlyLimit).toBe(0);
  });

  it('a note stays while its parameter keeps its value, and goes when it changes', () => {
    const en = editorFrom(presetById('brandubh-en')!);
    expect(keptNotes(en).map((n) => n.parameter)).toEqual([
      'firstToMove',
      'thronePassage',
      'kingArmed',
      'kingCaptureNextToThrone',
      'blocked',
      'repetitionDraws',
    ]);
    const changed = setParameter(setParameter(en, 'kingArmed', false), 'blocked', 'passes');
    expect(toRuleset(changed, 'custom-1').notes.map((n) => n.parameter)).toEqual([
      'firstToMove',
      'thronePassage',
      'kingCaptureNextToThrone',
      'repetitionDraws',
    ]);
    expect(keptNotes(setParameter(changed, 'kingArmed', true)).map((n) => n.parameter)).toContain(
      'kingArmed',
    );
  });
});

describe('placing and removing pieces', () => {
  it('places the chosen piece, and a second click with it takes it away', () => {
    let state = placePiece(fresh(), sq('b2'), 'defender');
    expect(boardOf(state)[sq('b2')]).toBe(2);
    state = placePiece(state, sq('b2'), 'defender');
    expect(boardOf(state)[sq('b2')]).toBe(0);
  });

  it('another piece replaces the one on the square; the eraser empties it', () => {
    let state = placePiece(fresh(), sq('d1'), 'defender');
    expect(boardOf(state)[sq('d1')]).toBe(2);
    state = placePiece(state, sq('d1'), 'empty');
    expect(boardOf(state)[sq('d1')]).toBe(0);
    expect(placePiece(state, 99, 'king')).toBe(state);
  });

  it('clearing the board leaves it empty', () => {
    expect(boardOf(clearBoard(fresh())).every((c) => c === 0)).toBe(true);
  });
});

describe('the position checks (core validateSetup, square by square, and the editor’s own)', () => {
  const codes = (state: EditorState) => positionIssues(state).map((i) => i.code);

  it('the presets’ layouts have no problem', () => {
    for (const rules of PRESETS) expect(positionIssues(editorFrom(rules)), rules.id).toEqual([]);
  });

  it('"exactly one king": none, or two', () => {
    const none = placePiece(fresh(), sq('d4'), 'king');
    expect(positionIssues(none)).toEqual([{ code: 'ERR_NO_KING' }]);
    const two = placePiece(fresh(), sq('b2'), 'king');
    expect(positionIssues(two)).toEqual([{ code: 'ERR_KINGS', count: 2 }]);
  });

  it('only the king stands on the throne; no attacker on a corner; a defender only where defenders may stop', () => {
    let state = placePiece(placePiece(fresh(), sq('d4'), 'defender'), sq('b2'), 'king');
    expect(positionIssues(state)).toContainEqual({ code: 'ERR_THRONE', square: 'd4' });
    state = placePiece(fresh(), sq('a1'), 'attacker');
    expect(positionIssues(state)).toEqual([{ code: 'ERR_ATTACKER_CORNER', square: 'a1' }]);
    state = placePiece(fresh(), sq('g7'), 'defender');
    expect(positionIssues(state)).toEqual([{ code: 'ERR_DEFENDER_CORNER', square: 'g7' }]);
    expect(positionIssues(setParameter(state, 'cornerStop', 'king-and-defenders'))).toEqual([]);
  });

  it('every problem is listed at once', () => {
    const state = placePiece(
      placePiece(placePiece(fresh(), sq('a1'), 'attacker'), sq('g1'), 'attacker'),
      sq('d4'),
      'king',
    );
    expect(codes(state)).toEqual(['ERR_NO_KING', 'ERR_ATTACKER_CORNER', 'ERR_ATTACKER_CORNER']);
  });

  it('a king on an escape square, or no attacker, would end the game before it begins', () => {
    const edge = placePiece(placePiece(fresh(), sq('d4'), 'king'), sq('c1'), 'king');
    expect(positionIssues(edge)).toEqual([]);
    expect(positionIssues(setParameter(edge, 'escape', 'edge'))).toEqual([
      { code: 'ERR_KING_ESCAPED', square: 'c1' },
    ]);
    const noAttackers = ['d7', 'd6', 'a4', 'b4', 'f4', 'g4', 'd2', 'd1'].reduce(
      (s, name) => placePiece(s, sq(name), 'attacker'),
      fresh(),
    );
    expect(codes(noAttackers)).toEqual(['ERR_NO_ATTACKERS']);
  });

  it('the editor finds the problem core validateSetup finds, first', () => {
    const cases = [
      placePiece(fresh(), sq('d4'), 'king'),
      placePiece(fresh(), sq('a7'), 'king'),
      placePiece(fresh(), sq('a7'), 'attacker'),
      placePiece(fresh(), sq('a7'), 'defender'),
    ];
    const core = { ERR_NO_KING: 'ERR_NO_KING', ERR_KINGS: 'ERR_KINGS' } as Record<string, string>;
    for (const state of cases) {
      const rules = toRuleset(state, 'custom');
      const checked = validateSetup(rules, { size: 7, board: boardOf(state), turn: 'attackers' });
      expect(checked.ok).toBe(false);
      if (checked.ok) continue;
      const first = positionIssues(state)[0]!;
      expect(core[first.code] ?? 'ERR_FORBIDDEN_SQUARE').toBe(checked.code);
    }
  });

  it('every check has a sentence in every language, naming the square', () => {
    for (const lang of LANGUAGES) {
      const t = RULES_TEXT[lang].issues;
      expect(t.ERR_ATTACKER_CORNER('a1')).toContain('a1');
      expect(t.ERR_KINGS(2)).toContain('2');
      expect(t.ERR_NO_KING).not.toBe('');
    }
  });

  it('a valid position starts a game under the edited rules', () => {
    const state = placePiece(setParameter(fresh(), 'kingMove', 'rook'), sq('b2'), 'defender');
    const pos = positionFromOtn(toRuleset(state, 'custom-9'));
    expect(pos.ok).toBe(true);
  });
});

describe('saving in the browser', () => {
  it('saves under a new custom-<timestamp> id, and loads back with the same parameters and name', () => {
    const storage = new FakeStorage();
    const state = setName(setParameter(fresh(), 'escape', 'edge'), 'Bordes');
    const saved = saveEditor(state, storage, 1_700_000_000_000);
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(saved.value.state.id).toBe('custom-1700000000000');
    const [back] = loadCustomRulesets(storage);
    expect(back!.id).toBe('custom-1700000000000');
    expect(back!.name).toBe('Bordes');
    expect(parametersOf(back!)).toEqual(state.parameters);
    expect(findRuleset('custom-1700000000000', storage)).toEqual(back);
    const reopened = editorFrom(back!);
    expect(reopened.id).toBe('custom-1700000000000');
    expect(reopened.name).toBe('Bordes');
  });

  it('saving again replaces the ruleset instead of adding one', () => {
    const storage = new FakeStorage();
    const first = saveEditor(fresh(), storage, 5);
    if (!first.ok) throw new Error(first.message);
    const again = saveEditor(setParameter(first.value.state, 'kingArmed', false), storage, 6);
    if (!again.ok) throw new Error(again.message);
    expect(loadCustomRulesets(storage).map((r) => [r.id, r.kingArmed])).toEqual([['custom-5', false]]);
  });

  it('two rulesets saved in the same millisecond get different ids', () => {
    const storage = new FakeStorage();
    saveEditor(fresh(), storage, 7);
    saveEditor(fresh(), storage, 7);
    expect(loadCustomRulesets(storage).map((r) => r.id)).toEqual(['custom-7', 'custom-8']);
    expect(newCustomId(7, ['custom-7', 'custom-8'])).toBe('custom-9');
  });

  it('refuses to save a position with problems', () => {
    const storage = new FakeStorage();
    const saved = saveEditor(placePiece(fresh(), sq('d4'), 'king'), storage, 1);
    expect(saved.ok).toBe(false);
    expect(loadCustomRulesets(storage)).toEqual([]);
  });

  it('deletes a saved ruleset', () => {
    const storage = new FakeStorage();
    saveEditor(fresh(), storage, 1);
    saveEditor(fresh(), storage, 2);
    deleteCustomRuleset('custom-1', storage);
    expect(loadCustomRulesets(storage).map((r) => r.id)).toEqual(['custom-2']);
  });

  it('garbage in storage is ignored, not thrown: only playable rulesets are listed', () => {
    const storage = new FakeStorage();
    storage.setItem('tafl.customRulesets', '{not json');
    expect(loadCustomRulesets(storage)).toEqual([]);
    storage.setItem('tafl.customRulesets', JSON.stringify([{ id: 3 }, null, 'x']));
    expect(loadCustomRulesets(storage)).toEqual([]);
    const broken = [
      { ...toRuleset(fresh(), 'custom-1'), kingCapture: 3 },
      { ...toRuleset(fresh(), 'custom-2'), start: '/7/7/7/7/7/7/7/' },
      { ...toRuleset(fresh(), 'custom-3'), escape: undefined },
      toRuleset(fresh(), 'custom-4'),
    ];
    storage.setItem('tafl.customRulesets', JSON.stringify(broken));
    expect(loadCustomRulesets(storage).map((r) => r.id)).toEqual(['custom-4']);
  });
});

describe('export and import through OTN rules strings', () => {
  const strip = (p: RuleParameters) => parametersOf(p);

  it('every preset exported from the editor imports back as that preset, notes included', () => {
    for (const rules of PRESETS) {
      const text = exportRules(editorFrom(rules));
      const back = importRules(text, () => 'copy');
      expect(back.ok, text).toBe(true);
      if (!back.ok) continue;
      expect(back.value.parameters).toEqual(strip(rules));
      expect(back.value.notes).toEqual(rules.notes);
      expect(back.value.id).toBeUndefined();
      expect(back.value.name).toBe('copy');
    }
  });

  it('an edited ruleset round-trips: parameters, position and name', () => {
    let state = setName(fresh(), 'Mis reglas nuevas');
    state = setParameter(state, 'kingAndShield', true);
    state = setParameter(state, 'quietPlyLimit', 50);
    state = setParameter(state, 'cornerStop', 'king-and-defenders');
    state = placePiece(state, sq('a1'), 'defender');
    state = placePiece(state, sq('f2'), 'attacker');
    const text = exportRules(state);
    expect(parseRules(text).ok).toBe(true);
    const back = importRules(text);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value.parameters).toEqual(state.parameters);
    expect(back.value.name).toBe('Mis reglas nuevas');
  });

  it('a string that cannot be read gives the core’s code and sentence', () => {
    const bad = importRules(`dim:7 surf:n foo:1 start:${BRANDUBH_LAYOUT}`);
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.code).toBe('ERR_RULES_UNKNOWN_KEY');
    expect(bad.message).toContain('"foo"');
  });
});

describe('save and play (a regression: it used to go home with Plazoleta selected)', () => {
  it('starts a game of two players on this device under the edited rules', () => {
    const storage = new FakeStorage();
    const edited = setParameter(fresh(), 'firstToMove', 'defenders');
    const saved = saveEditor(edited, storage, 7);
    if (!saved.ok) throw new Error(saved.message);
    const game = gameUnder(saved.value.ruleset, 8);
    if (!game.ok) throw new Error(game.message);
    expect(game.value.rules).toEqual(saved.value.ruleset);
    expect(game.value.turn).toBe('defenders');
    expect(game.value.opponent).toEqual({ kind: 'local' });
    expect(game.value.moves).toEqual([]);
  });
});
