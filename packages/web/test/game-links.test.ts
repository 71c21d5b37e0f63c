// Links that open a position or a game (src/game/links.ts): written from a game and read back,
// and every wrong parameter named.
import { geometry, makeRules, parseSquare, plazoleta, presetById } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { LINK_ERRORS, makeLink, makePositionLink, parseLink } from '../src/game/links.js';
import { createGame, type Game, type NewGame } from '../src/game/model.js';

const make = (spec: NewGame): Game => {
  const made = createGame(spec, 1, 'g');
  if (!made.ok) throw new Error(made.message);
  return made.value;
};
const query = (link: string): URLSearchParams => new URLSearchParams(link.split('?')[1]);
const read = (link: string, own = [] as Parameters<typeof parseLink>[1]) => {
  const parsed = parseLink(query(link), own);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
};

describe('writing and reading links', () => {
  it('a game under a preset: its rules and its moves, squares only', () => {
    const game = make({ rules: 'brandubh-2019', moves: ['a4-a2', 'd3-b3', 'd2-e2', 'd4-d2'] });
    const link = makeLink(game);
    expect(link).toBe('#/open?rules=brandubh-2019&moves=a4-a2+d3-b3+d2-e2+d4-d2');
    expect(read(link)).toEqual({
      game: {
        rules: 'brandubh-2019',
        moves: ['a4-a2', 'd3-b3', 'd2-e2', 'd4-d2'],
        opponent: { kind: 'local' },
      },
    });
  });

  it('the move to show', () => {
    const game = make({ rules: 'brandubh-2019', moves: ['a4-a2', 'd3-b3'] });
    expect(read(makeLink(game, 1)).ply).toBe(1);
    expect(read(makeLink(game, 2)).ply).toBeUndefined();
  });

  it('a position: the start and the side to move', () => {
    const start = '/3t3/3t3/3T3/ttTK1tt/3T3/3t3/3t3/';
    const link = makePositionLink(presetById('brandub-fr')!, start, 'defenders');
    expect(link).toBe(`#/open?rules=brandub-fr&position=${encodeURIComponent(start)}&turn=defenders`);
    expect(read(link).game).toMatchObject({ rules: 'brandub-fr', start, turn: 'defenders', moves: [] });
    // A game from its own start carries it in its link.
    const game = make({ rules: 'brandub-fr', start, turn: 'defenders', moves: ['d5-f5'] });
    expect(read(makeLink(game)).game).toMatchObject({ start, turn: 'defenders', moves: ['d5-f5'] });
  });

  it('the player’s own rules: by id on this device, by rules string elsewhere', () => {
    const own = { ...plazoleta, id: 'custom-3', name: 'Mine', quietPlyLimit: 30 };
    const link = makeLink(make({ rules: own, moves: ['d2-e2'] }));
    expect(query(link).get('rulestring')).toBe(makeRules(own));
    expect(read(link, [own]).game.rules).toBe(own);
    const elsewhere = read(link).game.rules;
    expect(typeof elsewhere === 'object' && elsewhere.quietPlyLimit).toBe(30);
  });

  it('a rules string that is a preset’s opens the preset', () => {
    const link = `#/open?rulestring=${encodeURIComponent(makeRules(presetById('ard-ri-fr')!))}`;
    expect(read(link).game.rules).toBe('ard-ri-fr');
  });

  it('a game against the computer', () => {
    expect(read('#/open?rules=plazoleta&level=4&side=defenders').game.opponent).toEqual({
      kind: 'computer',
      level: 4,
      human: 'defenders',
    });
  });

  it('moves with their captures, or separated by commas, are read too', () => {
    const game = read('#/open?rules=opentafl-brandub&moves=a4-a2,c4-c1,b4-c4,e4-e1xd1').game;
    expect(game.moves).toHaveLength(4);
    const sq = parseSquare(geometry(7), 'e1');
    expect(sq).toBe(4);
  });
});

describe('links that cannot be opened', () => {
  const code = (link: string) => {
    const parsed = parseLink(query(link));
    return parsed.ok ? 'ok' : parsed.code;
  };

  it('names the parameter that is wrong', () => {
    expect(code('#/open?moves=d2-e2')).toBe(LINK_ERRORS.rules);
    expect(code('#/open?rules=nothing')).toBe(LINK_ERRORS.rules);
    expect(code('#/open?rulestring=dim:7')).toBe(LINK_ERRORS.rules);
    expect(code('#/open?rules=plazoleta&turn=kings')).toBe(LINK_ERRORS.turn);
    expect(code('#/open?rules=plazoleta&position=/7/7/')).toBe(LINK_ERRORS.position);
    expect(code('#/open?rules=plazoleta&moves=d2-d3')).toBe(LINK_ERRORS.move);
    expect(code('#/open?rules=plazoleta&level=9')).toBe(LINK_ERRORS.level);
    expect(code('#/open?rules=plazoleta&level=2&side=both')).toBe(LINK_ERRORS.level);
    expect(code('#/open?rules=plazoleta&moves=d2-e2&ply=5')).toBe(LINK_ERRORS.ply);
    expect(code('#/open?rules=plazoleta&moves=d2-e2&ply=1')).toBe('ok');
  });
});
