/**
 * The words of the game's feedback: the end of a game with the king's square, the
 * sound switch, the question a bare move list asks about its rules, and the import's errors as
 * sentences naming the line and the move. English is the reference; Spanish and French have its
 * shape (a missing key fails to compile). Kept here rather than in i18n/*.ts so that several
 * features can add words at once; `feedbackText(t)` finds the language of the page's catalogue.
 */

import { CATALOGUES, LANGUAGES, type Lang, type Messages } from '../i18n/index.js';
import type { ImportFailure, MoveFault } from './records.js';

const en = {
  reasonEscapeTo: (square: string) => `The king escaped to ${square}.`,
  reasonKingCapturedOn: (square: string) => `The king was captured on ${square}.`,
  sound: 'Sound',
  soundHint: 'Sounds for moves, captures, the end of the game and low time',
  rulesQuestion: 'This move list does not say which rules it follows. Which ruleset is it?',
  rulesDetected: 'every move is legal under these rules',
  rulesNoneFits: 'No ruleset plays every move of this list: choose one, and the import says where it stops.',
  importWithRules: 'Import with these rules',
  cancel: 'Cancel',
  lineMove: (line: number, move: string, fault: MoveFault, side?: string): string => {
    const head = `Line ${line}: `;
    switch (fault) {
      case 'syntax':
        return `${head}“${move}” is not a move; moves are written like d2-e2, or e2-d2xd3 with a capture.`;
      case 'square':
        return `${head}the move ${move} is not on the board.`;
      case 'illegal':
        return `${head}the move ${move} is not legal${side ? ` for the ${side}` : ''} in that position.`;
      case 'captures':
        return `${head}the move ${move} does not capture the pieces it lists.`;
      case 'over':
        return `${head}the move ${move} comes after the end of the game.`;
    }
  },
};

export type FeedbackText = typeof en;

const es: FeedbackText = {
  reasonEscapeTo: (square) => `El rey ha huido por ${square}.`,
  reasonKingCapturedOn: (square) => `El rey ha sido capturado en ${square}.`,
  sound: 'Sonido',
  soundHint: 'Sonidos de las jugadas, las capturas, el final de la partida y el tiempo que se acaba',
  rulesQuestion: 'Esta lista de jugadas no dice con qué reglas se jugó. ¿Cuál es el reglamento?',
  rulesDetected: 'todas las jugadas son legales con estas reglas',
  rulesNoneFits:
    'Ningún reglamento admite todas las jugadas de la lista: elige uno y la importación te dirá dónde se detiene.',
  importWithRules: 'Importar con estas reglas',
  cancel: 'Cancelar',
  lineMove: (line, move, fault, side) => {
    const head = `Línea ${line}: `;
    switch (fault) {
      case 'syntax':
        return `${head}«${move}» no es una jugada; se escriben como d2-e2, o e2-d2xd3 si capturan.`;
      case 'square':
        return `${head}la jugada ${move} se sale del tablero.`;
      case 'illegal':
        return `${head}la jugada ${move} no es legal${side ? ` para ${side === 'attackers' ? 'los atacantes' : 'los defensores'}` : ''} en esa posición.`;
      case 'captures':
        return `${head}la jugada ${move} no hace las capturas que indica.`;
      case 'over':
        return `${head}la jugada ${move} viene después del final de la partida.`;
    }
  },
};

const fr: FeedbackText = {
  reasonEscapeTo: (square) => `Le roi s’est évadé par ${square}.`,
  reasonKingCapturedOn: (square) => `Le roi a été pris en ${square}.`,
  sound: 'Son',
  soundHint: 'Sons des coups, des prises, de la fin de partie et du temps qui s’épuise',
  rulesQuestion: 'Cette liste de coups ne dit pas dans quelle variante elle a été jouée. Laquelle\u202f?',
  rulesDetected: 'tous les coups sont légaux dans cette variante',
  rulesNoneFits:
    'Aucune variante n’accepte tous les coups de cette liste\u202f: choisissez-en une, l’import dira où il s’arrête.',
  importWithRules: 'Importer dans cette variante',
  cancel: 'Annuler',
  lineMove: (line, move, fault, side) => {
    const head = `Ligne ${line}\u202f: `;
    switch (fault) {
      case 'syntax':
        return `${head}«\u202f${move}\u202f» n’est pas un coup\u202f; un coup s’écrit d2-e2, ou e2-d2xd3 s’il prend.`;
      case 'square':
        return `${head}le coup ${move} sort du plateau.`;
      case 'illegal':
        return `${head}le coup ${move} n’est pas légal${side ? ` pour ${side === 'attackers' ? 'les assaillants' : 'les défenseurs'}` : ''} dans cette position.`;
      case 'captures':
        return `${head}le coup ${move} ne prend pas les pièces qu’il indique.`;
      case 'over':
        return `${head}le coup ${move} vient après la fin de la partie.`;
    }
  },
};

export const FEEDBACK_TEXT: { readonly [l in Lang]: FeedbackText } = { en, es, fr };

/** The language of a catalogue of i18n/ (the screens are given `t`, not always the language). */
export const langOf = (t: Messages): Lang => LANGUAGES.find((l) => CATALOGUES[l] === t) ?? 'en';

export const feedbackText = (t: Messages): FeedbackText => FEEDBACK_TEXT[langOf(t)];

/**
 * An import's failure as one sentence naming the line and the move ("Line 3: the move e2-e9 is
 * not on the board."), when the failure knows them; undefined otherwise.
 */
export function importFailureSentence(t: Messages, f: ImportFailure): string | undefined {
  if (f.moveLine === undefined || f.move === undefined || f.fault === undefined) return undefined;
  return feedbackText(t).lineMove(f.moveLine, f.move, f.fault, f.side);
}
