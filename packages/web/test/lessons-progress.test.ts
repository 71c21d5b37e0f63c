// Lesson progress in the browser's storage (src/lessons/progress.ts): kept per ruleset under a
// versioned key, read defensively (storage is outside input), and never counted twice.
import { describe, expect, it } from 'vitest';
import { PROGRESS_KEY, doneOf, loadProgress, markDone } from '../src/lessons/progress.js';

function memory(initial?: string) {
  const data = new Map<string, string>(initial === undefined ? [] : [[PROGRESS_KEY, initial]]);
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe('lesson progress', () => {
  it('a lesson marked done is read back, per ruleset, once', () => {
    const s = memory();
    markDone('plazoleta', 'move', s);
    markDone('plazoleta', 'capture', s);
    markDone('plazoleta', 'move', s);
    markDone('ard-ri-fr', 'pass', s);
    expect(loadProgress(s)).toEqual({ plazoleta: ['move', 'capture'], 'ard-ri-fr': ['pass'] });
    expect(JSON.parse(s.data.get(PROGRESS_KEY)!)).toEqual(loadProgress(s));
  });

  it('what is stored but is not progress is ignored, and the rest kept', () => {
    expect(loadProgress(memory('not json'))).toEqual({});
    expect(loadProgress(memory('[1,2]'))).toEqual({});
    expect(loadProgress(memory('null'))).toEqual({});
    expect(loadProgress(memory('{"a":["move",3,null],"b":"capture","c":["pass"]}'))).toEqual({
      a: ['move'],
      c: ['pass'],
    });
  });

  it('a storage that throws loses nothing but the saving', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadProgress(broken)).toEqual({});
    expect(markDone('plazoleta', 'move', broken)).toEqual({ plazoleta: ['move'] });
  });

  it('only the lessons a ruleset still has are counted done', () => {
    expect(doneOf({ x: ['move', 'gone', 'capture'] }, 'x', ['move', 'capture', 'shield'])).toEqual([
      'move',
      'capture',
    ]);
    expect(doneOf({}, 'x', ['move'])).toEqual([]);
  });
});
