export * from './oracle.js';
export * from './table.js';
export * from './dfpn.js';
export * from './bounded.js';
export * from './solve.js';
export * from './reach.js';
