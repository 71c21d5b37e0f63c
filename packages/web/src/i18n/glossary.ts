/**
 * The words of Spanish and French, one for each thing, taken from the leaflets (the seeds of
 * docs/rules.md): a player who learned the game from one of them meets the same words here. Each
 * term says where it comes from, quoting its leaflet; where no leaflet names the thing (resigning,
 * a seat, a rating), the term is the one players of chess use in that language, and says so.
 * Where leaflets differ, the app's word is one of theirs, and the others stay on the page of the
 * ruleset that uses them (test/source-words.ts: «negras», «brannán», «refuges»...).
 *
 * The refused words are what the words test (test/words.test.ts) rejects in every catalogue of
 * the language, each with the reason and the word to use instead. They are checked on the text
 * outside quotation marks, so a rules page may still quote a leaflet's own word; `only` and
 * `except` name the catalogue paths ("i18n.timeControl", "players.leaderboardTitle", as the test
 * walks them) where a refusal applies or does not.
 *
 * The leaflets: 000 “Bran-dubh” (La Plazoleta, es), 001 “Brandubh, un juego de la Irlanda
 * medieval” (blog, 2019, es), 002 “¿Jugamos al Ard Ri?” (article, es), 003 “Brandubh Rules” (en),
 * 004 “Ard-ri et Brandub” (Le Globe Joueur, fr).
 */

/** The things the app names, in every language. */
export const CONCEPTS = [
  'piece',
  'soldier',
  'king',
  'attackers',
  'defenders',
  'side',
  'board',
  'square',
  'throne',
  'corner',
  'move',
  'movement',
  'turn',
  'capture',
  'escape',
  'ruleset',
  'leaflet',
  'reading',
  'houseRule',
  'draw',
  'resign',
  'leave',
  'abort',
  'seat',
  'timeControl',
  'rating',
  'rated',
  'leaderboard',
  'takeBack',
  'continue',
  'variation',
] as const;
export type Concept = (typeof CONCEPTS)[number];

export interface Term {
  /** The word the app uses for the concept, as a catalogue writes it. */
  readonly word: string;
  /** Where it comes from: the leaflet and its words, quoted briefly. */
  readonly source: string;
}

export interface Refusal {
  readonly words: RegExp;
  /** Wrong words the refusal catches, as they were found in the app. */
  readonly example: string;
  /** Why, and what to say instead. */
  readonly reason: string;
  /** The catalogue paths where the refusal applies (all when absent). */
  readonly only?: RegExp;
  /** The catalogue paths where it does not. */
  readonly except?: RegExp;
}

export interface Glossary {
  readonly terms: { readonly [c in Concept]: Term };
  readonly refused: readonly Refusal[];
}

const es: Glossary = {
  terms: {
    piece: {
      word: 'pieza',
      source:
        '000: «Todas las piezas, "los soldados" (menos el Rey) se desplazan»; 002: «mueven una pieza por turno»',
    },
    soldier: {
      word: 'soldado',
      source:
        '000: «un Rey (la figura más alta) y 4 soldados»; 002: «Los soldados sí pueden pasar a través del trono»',
    },
    king: { word: 'rey', source: '000: «El rey blanco, es capturado de la misma manera que los soldados»' },
    attackers: {
      word: 'atacantes',
      source: '001: «el negro (los atacantes) tienen ocho»; 002: «el bando atacante (negras)»',
    },
    defenders: {
      word: 'defensores',
      source:
        '001: «el jugador blanco (los defensores) tiene cinco piezas»; 002: «el bando defensor (blancas)»',
    },
    side: {
      word: 'bando',
      source:
        '000: «El bando blanco se coloca en el centro del tablero», «perderá el bando que no pueda realizar ningún movimiento»',
    },
    board: { word: 'tablero', source: '000: «Se juega sobre un tablero de 7x7»' },
    square: {
      word: 'casilla',
      source: '000: «cinco casillas especiales»; 001: «de 7x7 casillas en lugar de 11x11»',
    },
    throne: { word: 'trono', source: '000 and 002: «el trono o casilla central»' },
    corner: {
      word: 'esquina',
      source: '000 and 002: «las cuatro esquinas por las que puede huir el monarca»',
    },
    move: {
      word: 'jugada',
      source: '002: «la repetición de jugadas»; a move of a game, in a list or a record',
    },
    movement: {
      word: 'movimiento',
      source: '000: «No existe el movimiento diagonal», «el bando que no pueda realizar ningún movimiento»',
    },
    turn: {
      word: 'turno; le toca mover',
      source:
        '000: «Los jugadores mueven una pieza por turno»; whose turn it is: «le toca mover a», never «al turno»',
    },
    capture: {
      word: 'capturar a',
      source:
        '000: «Para capturar a un enemigo»; 001: «capturar al rey»: the personal a before the piece taken',
    },
    escape: {
      word: 'huir; huida',
      source:
        '000: «si el Rey logra huir del tablero por una de las cuatro esquinas»; 001: «que su rey huya»',
    },
    ruleset: {
      word: 'reglamento',
      source: '002: «el reglamento que mejor conduce a unas partidas equilibradas»',
    },
    leaflet: {
      word: 'folleto',
      source:
        'no leaflet names itself (000 heads its sheet «Reglas del juego»): the usual word for a printed sheet of rules',
    },
    reading: {
      word: 'interpretación',
      source: 'the app’s mark (docs/rules.md): a choice where the leaflet is silent',
    },
    houseRule: { word: 'regla casera', source: 'the app’s mark (docs/rules.md): a rule the app adds' },
    draw: {
      word: 'tablas',
      source:
        'the word of Spanish chess; 002 says «empate», but the app says tablas everywhere, as players do',
    },
    resign: {
      word: 'abandonar',
      source: 'no leaflet has resignation: the word of Spanish chess, for resigning only',
    },
    leave: { word: 'irse; dejar la partida', source: 'leaving a game online, which is not resigning it' },
    abort: { word: 'anular', source: 'a game stopped before its first move, without a result' },
    seat: { word: 'puesto', source: 'a player’s place in an online game; «asiento» is a calque of seat' },
    timeControl: {
      word: 'ritmo de juego',
      source: 'the word of Spanish chess for the time a game gives; the clock itself is «reloj»',
    },
    rating: { word: 'puntuación', source: 'the word of Spanish chess sites for a player’s rating' },
    rated: { word: 'puntuable', source: 'a game that counts for the rating: «partida puntuable»' },
    leaderboard: { word: 'clasificación', source: 'the list of the best ratings' },
    takeBack: { word: 'deshacer', source: 'taking back the last move on this device' },
    continue: { word: 'continuar', source: 'going on with a game in progress' },
    variation: { word: 'variante', source: 'a line of analysis, as in Spanish chess' },
  },
  refused: [
    {
      words: /\b(rendir\w*|rind\w*|rendid[oa]s?)\b/i,
      example: 'Los atacantes se han rendido.',
      reason: 'resigning is «abandonar», the word of Spanish chess (the Resign button says «Abandonar»)',
    },
    {
      words: /abandon/i,
      only: /Left|opponentLeft/,
      example: 'Tu rival ha abandonado la partida.',
      reason: 'leaving a game is «irse» or «dejar la partida»: «abandonar» is resigning',
    },
    {
      words: /\basientos?\b/i,
      example: 'Hay un asiento libre en esta partida',
      reason: '«asiento» is a calque of seat: say «puesto»',
    },
    {
      words: /\bpieza del otro lado\b/i,
      example: 'tanto como pieza que se mueve como pieza del otro lado',
      reason: 'a calque of “the piece on the far side”: say the piece that closes the capture',
    },
    {
      words: /\bal turno\b/i,
      example: 'con el mismo bando al turno',
      reason: 'a calque: «y le toca mover al mismo bando»',
    },
    {
      words:
        /\b(captur|atrap|encerr|encierr|elimin|rode)\w*\s+(a la vez\s+|ahora\s+|ya\s+)?(el|la|los|las|un|una|unos|unas)\s+(atacantes?|defensor(es)?|rey(es)?|soldados?|enemigos?|rival(es)?|piezas?)\b/i,
      example: 'captura el atacante de d5',
      reason:
        'the personal a before the piece that is taken: the leaflets write «capturar a un enemigo», «capturar al rey»',
    },
    {
      words: /\bde una en una casilla\b/i,
      example: 'el rey se mueve de una en una casilla',
      reason: 'say «de casilla en casilla»',
    },
    {
      words: /\bempates?\b/i,
      example: 'Empate con el mejor juego',
      reason: 'a draw is «tablas» everywhere in the app',
    },
    {
      words: /\bregla de la casa\b/i,
      example: 'lleva la marca «regla de la casa»',
      reason: 'a calque of house rule: say «regla casera»',
    },
    {
      words: /\bfichas?\b/i,
      example: '8 fichas del equipo oscuro',
      reason: 'one word for a piece: «pieza», as 000 and 002 say',
    },
    {
      words: /\bequipos?\b/i,
      example: '8 fichas del equipo oscuro',
      reason: 'one word for a side: «bando», as 000 says',
    },
    {
      words: /\b(cuadrados?|cuadrículas?)\b/i,
      example: 'un tablero de 7x7 cuadrados',
      reason: 'one word for a square: «casilla»',
    },
    {
      words: /\bescap(?!atoria)\w*/i,
      example: 'El rey ha escapado.',
      reason: 'the king «huye» in the leaflets (000: «logra huir del tablero»; 001: «que su rey huya»)',
    },
    {
      words: /\bpuntuad[oa]s?\b/i,
      example: '1 partida puntuada',
      reason: 'a rated game or tournament is «puntuable», one word for it',
    },
    {
      words: /\bcontrol de tiempo\b/i,
      example: 'otro control de tiempo',
      reason: 'a calque of time control: «ritmo de juego»',
    },
    {
      words: /\breglas con nombre\b/i,
      example: 'Elige unas de las reglas con nombre.',
      reason: 'a named ruleset is a «reglamento»',
    },
    {
      words: /\b(documentos?|panfletos?|prospectos?)\b/i,
      example: 'el documento calla',
      reason: 'a leaflet is a «folleto»',
    },
  ],
};

const fr: Glossary = {
  terms: {
    piece: {
      word: 'pièce',
      source:
        '004: «une de leurs pièces», «Une pièce capturée est définitivement retirée»; its «pion» is any piece too, the king included («1 pion haut clair (roi)»), so the app keeps «pion» only in the leaflet’s own phrases',
    },
    soldier: {
      word: 'soldat',
      source:
        '004: «Les coins du plateau sont interdits à tous les soldats», «un soldat sur un refuge ne peut pas être capturé»',
    },
    king: { word: 'roi', source: '004: «1 pion haut clair (roi)»' },
    attackers: {
      word: 'assaillants',
      source:
        '004: «16 pions foncés (assaillants)»; its Brandub says «attaquants» too, and «les assaillants gagnent»',
    },
    defenders: {
      word: 'défenseurs',
      source:
        '004: «au brandub, les défenseurs (princes) peuvent occuper les coins», «les défenseurs gagnent»',
    },
    side: {
      word: 'camp',
      source: 'the leaflet says «la couleur jouée par les joueurs»: «camp» is the word of French board games',
    },
    board: { word: 'plateau', source: '004: «Un plateau de 7 cases sur 7»' },
    square: { word: 'case', source: '004: «d’une case vers une case libre adjacente»' },
    throne: { word: 'trône', source: '004: «la case centrale (trône du roi)»' },
    corner: { word: 'coin', source: '004: «Les coins du plateau sont interdits à tous les soldats»' },
    move: {
      word: 'coup',
      source: 'a move of a game, as in French chess; the leaflet’s «déplacement» is its movement',
    },
    movement: { word: 'déplacement', source: '004: «C’est le déplacement qui permet de prendre»' },
    turn: { word: 'tour; au trait', source: '004: «Les joueurs avancent à tour de rôle», «passer son tour»' },
    capture: {
      word: 'prendre; prise',
      source: '004: «Pour pouvoir prendre un soldat», «La prise n’est pas obligatoire», «capturer le roi»',
    },
    escape: {
      word: 's’évader; sortie',
      source: '004: «permettre au roi de s’évader», «sa sortie n’est pas validée», «une ou deux sorties»',
    },
    ruleset: {
      word: 'variante',
      source:
        'the leaflet speaks of «les règles retenues pour chacun de ces jeux»: a whole ruleset is a «variante», a «règle» is one rule',
    },
    leaflet: { word: 'dépliant', source: 'the Globe Joueur’s folded sheet «Ard-ri et Brandub»' },
    reading: {
      word: 'interprétation',
      source: 'the app’s mark (docs/rules.md): a choice where the leaflet is silent',
    },
    houseRule: { word: 'règle maison', source: 'the app’s mark (docs/rules.md): a rule the app adds' },
    draw: { word: 'nulle; partie nulle', source: '004: «la partie est déclarée nulle»' },
    resign: { word: 'abandonner', source: 'no leaflet has resignation: the word of French chess' },
    leave: { word: 'quitter la partie', source: 'leaving a game online, which is not resigning it' },
    abort: { word: 'annuler', source: 'a game stopped before its first move, without a result' },
    seat: { word: 'place', source: 'a player’s place in an online game' },
    timeControl: {
      word: 'cadence',
      source: 'the word of French chess for the time a game gives (the time left is «le temps»)',
    },
    rating: { word: 'cote', source: 'the word of French chess for a player’s rating («la cote Elo»)' },
    rated: { word: 'classée', source: 'a game that counts for the rating: «partie classée»' },
    leaderboard: { word: 'classement', source: 'the list of the best ratings, and a tournament’s standings' },
    takeBack: { word: 'reprendre le coup', source: 'as French chess says of a move taken back' },
    continue: { word: 'continuer', source: 'going on with a game in progress' },
    variation: {
      word: 'ligne',
      source: 'a line of analysis («la ligne principale»): «variante» is a ruleset here',
    },
  },
  refused: [
    {
      words:
        /(?<!Déplacements des |par-dessus un autre )\bpions?\b(?! (foncés|clairs|haut|qui se (place|positionne)))/iu,
      example: 'Le roi est pris comme un pion',
      reason:
        'in the leaflet a «pion» is any piece, the king included («1 pion haut clair (roi)»): say «pièce» for any piece and «soldat» for the others («le roi est pris comme un soldat»)',
    },
    {
      words: /\battaquants?\b/i,
      example: 'un seul attaquant le prend contre un refuge vide',
      reason: 'one word for the attackers: «assaillants», as the leaflet’s Ard-ri says',
    },
    {
      words: /\b(aucune|chaque|toute) règle\b(?! maison)|\brègles nommées\b|\btoutes les règles\b|^Règle$/iu,
      example: 'Aucune règle n’accepte tous les coups de cette liste',
      reason:
        'a whole ruleset is a «variante» («Aucune variante n’accepte tous les coups»); a «règle» is one rule',
    },
    {
      words: /\b(livrets?|documents?|brochures?|feuillets?)\b/i,
      example: 'Le Brandubh du livret anglais',
      reason: 'the leaflet is a «dépliant», one word for it',
    },
    {
      words: /\bBrandub\b(?! \((Le Globe Joueur|OpenTafl)\))(?![^.;:]*OpenTafl)/u,
      except: /brandub-fr|opentafl-brandub/,
      example: 'Position de départ du Brandub',
      reason:
        '«Brandub» is the Globe Joueur’s and OpenTafl’s spelling, for their rulesets only: the game is the Brandubh',
    },
    {
      words: /\bArd Ri\b/u,
      example: 'Ard Ri (article espagnol)',
      reason: 'the French leaflet writes «Ard-ri»',
    },
    {
      words: /échapp|\bfuite\b|\bfuir\b/iu,
      example: 'Le roi s’est échappé.',
      reason: 'the king «s’évade» and his way out is a «sortie» (004: «permettre au roi de s’évader»)',
    },
    {
      words: /\bpendules?\b/i,
      example: 'Cette pendule n’est pas permise.',
      reason: 'the time control is the «cadence», one word for it',
    },
    {
      words: /\bclassements?\b/i,
      except: /leaderboard|standings|Standings|tieBreaks/,
      example: 'Une partie classée change le classement des deux joueurs',
      reason: 'a player’s rating is his «cote»; «classement» is the leaderboard or the standings only',
    },
    {
      words: /\breprendre\b(?! (le|un|son|votre) coup)/iu,
      example: 'Reprendre',
      reason: '«Reprendre» is taking a move back; going on with a game is «Continuer»',
    },
    {
      words: /pièce de l’autre côté/i,
      example: 'le roi ne compte jamais comme pièce de l’autre côté',
      reason: 'a calque of “the piece on the far side”: the king «ferme l’encadrement»',
    },
    {
      words: /\bvariantes?\b/i,
      only: /^analysis\./,
      example: 'Trois variantes',
      reason: 'a line of analysis is a «ligne»: «variante» is a ruleset',
    },
  ],
};

export const GLOSSARY = { es, fr } as const;

/**
 * English words that have no business in a Spanish or French sentence (checked as whole words,
 * outside the names below): the words the English catalogues use for the game and its screens,
 * and the small words of any English sentence. None is also a Spanish or French word.
 */
export const ENGLISH_WORDS =
  /(?<![\p{L}\p{N}])(the|and|of|to|with|from|this|that|you|your|not|will|would|is|are|was|were|been|game|games|move|moves|player|players|rules|ruleset|board|piece|pieces|king|attackers?|defenders?|draws?|resign\w*|seats?|ratings?|rated|leaderboards?|clock|deleted|workers?|commits?|threads?|cross|shared|memory|online|sign|signed|account|password|tournaments?|engine|tablebase|lobby|rematch|link|edge|corner|throne|square|win|wins|won|lost|left|loading|please|failed|request|server)(?![\p{L}\p{N}])/iu;

/** Names and quotations an English word may stand in: a source's title and its own words. */
export const PROPER_NAMES: readonly RegExp[] = [
  /World Tafl Federation/g,
  /Brandubh Rules/g,
  /Black Raven/g,
  /[«“]\u202f?(Defenders|Aggressors|center square)\u202f?[»”]/g,
  /Sonneborn-Berger|Buchholz|Wilson|Glicko|OpenTafl|OTN/g,
];
