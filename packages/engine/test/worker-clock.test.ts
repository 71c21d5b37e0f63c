// Time management (worker/clock.ts): a clock's share for one move, the budget of a request, and
// the search's own time within it. Pure arithmetic, checked by value.
import { describe, expect, it } from 'vitest';
import { levelConfig } from '../src/levels.js';
import { MIN_SEARCH_MS, moveBudget, searchTime, timeForMove, watchdogTime } from '../src/worker/clock.js';

describe('time for a move', () => {
  it('is a thirtieth of the clock plus most of the increment', () => {
    expect(timeForMove({ remainingMs: 60_000, incrementMs: 0 })).toBe(2_000);
    expect(timeForMove({ remainingMs: 60_000, incrementMs: 1_000 })).toBe(2_800);
  });

  it('is never more than a third of the time left', () => {
    expect(timeForMove({ remainingMs: 900, incrementMs: 5_000 })).toBe(300);
  });

  it('is at least a millisecond, even with no time left', () => {
    expect(timeForMove({ remainingMs: 0, incrementMs: 0 })).toBe(1);
  });
});

describe('the budget of a request', () => {
  it('is the least of the time, the clock and the level', () => {
    expect(moveBudget({ timeMs: 700 })).toBe(700);
    expect(moveBudget({ timeMs: 700, level: 1 })).toBe(Math.min(700, levelConfig(1).timeMs));
    expect(moveBudget({ level: 6, clock: { remainingMs: 6_000, incrementMs: 0 } })).toBe(
      Math.min(200, levelConfig(6).timeMs),
    );
    expect(moveBudget({ level: 3 })).toBe(levelConfig(3).timeMs);
  });

  it('is undefined without a time bound: depth and nodes bound no time', () => {
    expect(moveBudget({ depth: 5, nodes: 1_000, seed: 3 })).toBeUndefined();
    expect(moveBudget()).toBeUndefined();
  });

  it('leaves out values the worker refuses', () => {
    expect(moveBudget({ timeMs: -5, level: 9 })).toBeUndefined();
  });
});

describe('the search within a budget', () => {
  it('keeps a tenth back, at most 50 ms, and what the request waited', () => {
    expect(searchTime(300, 0)).toBe(270);
    expect(searchTime(1_000, 20)).toBe(930);
  });

  it('is never shorter than the shortest search', () => {
    expect(searchTime(300, 1_000)).toBe(MIN_SEARCH_MS);
  });

  it('is stopped by the client a little after the budget, never before', () => {
    expect(watchdogTime(300)).toBe(350);
    expect(watchdogTime(2_000)).toBe(2_200);
  });
});
