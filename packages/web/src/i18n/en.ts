/** English: the reference catalogue, whose keys every other language must have. */

export const en = {
  appName: 'Brandubh & Ard Ri',
  tagline: 'The tafl games of Ireland and Scotland',
  language: 'Language',
  newGame: 'New game',
  rules: 'Rules',
  attackers: 'Attackers',
  defenders: 'Defenders',
  king: 'King',
  // Square names for screen readers: "d2, attacker".
  squareEmpty: (name: string) => `${name}, empty`,
  squareWith: (name: string, piece: string) => `${name}, ${piece}`,
  pieceAttacker: 'attacker',
  pieceDefender: 'defender',
  pieceKing: 'king',
};

type Widen<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};
export type Messages = Widen<typeof en>;
