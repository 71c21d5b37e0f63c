/** The endgame tablebases (packages/engine/README.md, "Endgame tablebases"): retrograde analysis, the tables' format, probing. */
export * from './symmetry.js';
export * from './material.js';
export { TbIndexer, type TbPlacement } from './indexer.js';
export * from './table.js';
export * from './build.js';
export { Tablebase, type TbAnswer, type TbValue } from './probe.js';
