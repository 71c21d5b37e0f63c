/**
 * A material: the king plus so many defender soldiers and attacker soldiers. A table holds
 * every position of one material, both sides to move. `--pieces N` counts every piece on the
 * board, the king included: N = 1 + defenders + attackers.
 */

import type { Ruleset } from '@tafl/core';

export interface TbMaterial {
  /** Defender soldiers besides the king. */
  readonly defenders: number;
  readonly attackers: number;
}

/** The most pieces (king included) a table is built for by default: the king and four others. */
export const TB_MAX_PIECES = 5;

/** `K+1D+3A`: how the docs and the command line name a material. */
export const tbMaterialName = (m: TbMaterial): string => `K+${m.defenders}D+${m.attackers}A`;

/** The file name of a material's table: `k1d3a.tb`. */
export const tbMaterialFile = (m: TbMaterial): string => `k${m.defenders}d${m.attackers}a.tb`;

export function parseTbMaterial(text: string): TbMaterial | undefined {
  const m = /^K\+(\d)D\+(\d)A$/i.exec(text.trim());
  return m ? { defenders: Number(m[1]), attackers: Number(m[2]) } : undefined;
}

/**
 * The materials with at most `pieces` pieces on the board (king included) under the rules, the
 * smaller first, so that every material comes after those its captures lead to. Without
 * attackers there is no table when capturing them all wins (such a position is over).
 */
export function tbMaterials(rules: Ruleset, pieces = TB_MAX_PIECES): TbMaterial[] {
  const out: TbMaterial[] = [];
  for (let others = 0; others < pieces; others++)
    for (let attackers = 0; attackers <= others; attackers++) {
      if (attackers === 0 && rules.allAttackersCapturedWins) continue;
      out.push({ defenders: others - attackers, attackers });
    }
  return out;
}

/** The materials a capture in `m` can lead to (fewer soldiers of one side or both). */
export const tbSmallerMaterials = (rules: Ruleset, m: TbMaterial): TbMaterial[] =>
  tbMaterials(rules, 1 + m.defenders + m.attackers).filter(
    (s) =>
      s.defenders <= m.defenders &&
      s.attackers <= m.attackers &&
      (s.defenders !== m.defenders || s.attackers !== m.attackers),
  );
