/**
 * What belongs to one source, for the tests of the rules pages (unit and browser): words that only
 * the pages of the named rulesets may hold, in any of the three languages, and the words for exit
 * squares, which no page of a ruleset whose king escapes on the edge may hold.
 */

export const SOURCE_WORDS: readonly (readonly [RegExp, readonly string[]])[] = [
  [/Black Raven|Aggressors/, ['brandubh-en']],
  [/casillas? (de )?salida/i, ['plazoleta']],
  [/puertas de salida/i, ['brandubh-2019']],
  [/\bnegras\b|\bblancas\b/i, ['plazoleta', 'brandubh-2019', 'ard-ri-es']],
  [/peones|casillas de fuga|monarca|encerrarlo/i, ['ard-ri-es']],
  [/compulsory|obligatori|obligatoire/i, ['ard-ri-fr', 'brandub-fr']],
  [/refuge/i, ['ard-ri-fr', 'brandub-fr']],
  [/gardes du roi/i, ['ard-ri-fr']],
  [/brannán|\bprinces?\b|une ou deux sorties|announce|anunci|annonce/i, ['brandub-fr']],
  [
    /edge of the board captures nothing|contra el borde del tablero|contre le bord du plateau/i,
    ['ard-ri-es'],
  ],
  [/déplacements successifs/i, ['ard-ri-fr', 'brandub-fr']],
  [/“Defenders”|«\u202fDefenders\u202f»|«Defenders»/, ['brandubh-en']],
];

/** Exit squares in es, en and fr: a ruleset whose king escapes on any edge square has none. */
export const EXIT_SQUARES = /exit squares?|casillas? (de )?salida|cases? de sortie/i;
