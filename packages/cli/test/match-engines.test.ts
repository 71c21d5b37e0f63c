// The engines of `tafl match`: `level:N` for our levels 1 to 6, `otep:'command line'` for a program
// of the OpenTafl engine protocol, and the time each may take for a move.
import { describe, expect, it } from 'vitest';
import { ENGINE_ERRORS, OTEP_DEFAULT_TIME_MS, moveBudget, parseEngineSpec } from '../src/match/engines.js';

describe('engine specs', () => {
  it('reads level:1 to level:6', () => {
    for (let n = 1; n <= 6; n++)
      expect(parseEngineSpec(`level:${n}`)).toEqual({
        ok: true,
        value: { kind: 'level', level: n, label: `level:${n}` },
      });
  });

  it('reads a level on several threads, and a level of an earlier commit', () => {
    expect(parseEngineSpec('level:6,threads=2')).toEqual({
      ok: true,
      value: { kind: 'level', level: 6, threads: 2, label: 'level:6,threads=2' },
    });
    for (const text of ['level:6,threads=0', 'level:6,threads=9', 'level:6,threads=x'])
      expect(parseEngineSpec(text)).toMatchObject({ ok: false, code: ENGINE_ERRORS.level });
    expect(parseEngineSpec('ref:da95858:6')).toEqual({
      ok: true,
      value: { kind: 'reference', commit: 'da95858', level: 6, label: 'ref:da95858:6' },
    });
    expect(parseEngineSpec('ref:da95858:7')).toMatchObject({ ok: false, code: ENGINE_ERRORS.level });
    expect(parseEngineSpec('ref:5923ca6:6,threads=2')).toEqual({
      ok: true,
      value: { kind: 'reference', commit: '5923ca6', level: 6, threads: 2, label: 'ref:5923ca6:6,threads=2' },
    });
    for (const text of ['ref:5923ca6:6,threads=0', 'ref:5923ca6:6,threads=9', 'ref:5923ca6:6,threads='])
      expect(parseEngineSpec(text)).toMatchObject({ ok: false, code: ENGINE_ERRORS.level });
  });

  it('refuses a level that does not exist', () => {
    for (const text of ['level:0', 'level:7', 'level:', 'level:2.5', 'level:x'])
      expect(parseEngineSpec(text)).toMatchObject({ ok: false, code: ENGINE_ERRORS.level });
  });

  it('reads an OTEP command line, its words quoted as a shell would', () => {
    const spec = parseEngineSpec(`otep:java -jar 'Open Tafl.jar' --engine`);
    expect(spec).toEqual({
      ok: true,
      value: {
        kind: 'otep',
        commandLine: `java -jar 'Open Tafl.jar' --engine`,
        label: `otep:java -jar 'Open Tafl.jar' --engine`,
      },
    });
  });

  it('refuses an OTEP command line that is empty or has an unclosed quote', () => {
    expect(parseEngineSpec('otep:')).toMatchObject({ ok: false, code: ENGINE_ERRORS.command });
    expect(parseEngineSpec(`otep:engine 'x`)).toMatchObject({ ok: false, code: ENGINE_ERRORS.command });
  });

  it('refuses anything else, naming the two kinds', () => {
    const spec = parseEngineSpec('stockfish');
    expect(spec).toMatchObject({ ok: false, code: ENGINE_ERRORS.syntax });
    expect(spec.ok ? '' : spec.message).toMatch(/level:N .* otep:'command line'/);
  });

  it('gives a level the match’s time within its own budget, and an OTEP engine the match’s time', () => {
    const level6 = { kind: 'level', level: 6, label: 'level:6' } as const;
    const otep = { kind: 'otep', commandLine: 'x', label: 'otep:x' } as const;
    expect(moveBudget(level6, 100)).toBe(100);
    expect(moveBudget(level6, undefined)).toBe(1000);
    // levels 1 to 4 score the moves to a fixed depth, whatever the time: no budget to print
    for (const n of [1, 2, 3, 4])
      expect(moveBudget({ kind: 'level', level: n, label: `level:${n}` }, 5000)).toBeUndefined();
    expect(moveBudget(otep, 100)).toBe(100);
    expect(moveBudget(otep, undefined)).toBe(OTEP_DEFAULT_TIME_MS);
  });
});
