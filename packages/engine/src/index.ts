export * from './eval.js';
export * from './weights.js';
export * from './tt.js';
export * from './search.js';
export * from './levels.js';
