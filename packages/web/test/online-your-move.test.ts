// "Your move" for a player who is not looking (src/online/your-move.ts): which changes of a
// followed game are news, and the hidden tab's title.
import { describe, expect, it } from 'vitest';
import { alertTitle, isNewTurn, type Turn } from '../src/online/your-move.js';

const turn = (ply: number, mine: boolean, game = 'Gggggggg01'): Turn => ({ game, ply, mine });

describe('news for the player', () => {
  it('the opponent moved and it is the player’s move', () => {
    expect(isNewTurn(turn(3, false), turn(4, true))).toBe(true);
  });

  it('the game began (the opponent took the free seat) with the player to move', () => {
    expect(isNewTurn(turn(0, false), turn(0, true))).toBe(true);
  });

  it('not the position a game opens with, even the player’s move', () => {
    expect(isNewTurn(undefined, turn(6, true))).toBe(false);
  });

  it('not the player’s own move, nor the opponent’s turn', () => {
    expect(isNewTurn(turn(4, true), turn(5, false))).toBe(false);
    expect(isNewTurn(turn(5, false), turn(5, false))).toBe(false);
  });

  it('not the same turn seen again (a reconnection that brought nothing new)', () => {
    expect(isNewTurn(turn(4, true), turn(4, true))).toBe(false);
  });

  it('not another game (the screen now shows a rematch)', () => {
    expect(isNewTurn(turn(3, false, 'Gggggggg01'), turn(0, true, 'Gggggggg02'))).toBe(false);
  });
});

describe('the hidden tab’s title', () => {
  it('puts "Your move" first, then the game', () => {
    expect(alertTitle('Your move', 'Brandubh (2019 blog) vs Bob')).toBe(
      'Your move · Brandubh (2019 blog) vs Bob',
    );
  });
});
