/**
 * The analysis board's words in English, Spanish and French. English is the reference: its shape
 * is the type the others must have (a missing or extra key fails to compile). Plies never appear
 * here: players count moves (an attackers' move and the defenders' reply).
 */

import type { Side } from '@tafl/core';
import type { Lang } from '../i18n/index.js';

export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';
/** How far a side stands better or worse (game/evaluation.ts's `Standing`). */
type Standing = 'slight' | 'clear' | 'decisive';

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export const en = {
  title: 'Analysis',
  openBoard: 'Analysis board',
  loading: 'Loading the game…',
  notFound: 'This game is not kept on this device.',
  onlineUnfinished: 'This online game has not ended yet: it can be analysed once it is over.',
  onlineAborted: 'This online game was aborted before its first move: there is nothing to analyse.',
  onlineFailed: 'The game could not be loaded from the server.',
  linkFailed: 'This link does not describe a position that can be analysed.',
  backToGame: 'Back to the game',
  // The evaluation.
  evalFor: (side: Side): string => (side === 'attackers' ? 'For the attackers' : 'For the defenders'),
  pointOfView: 'Evaluation seen by',
  povAttackers: 'the attackers',
  povDefenders: 'the defenders',
  engine: 'Engine',
  threeLines: 'Three lines',
  thinking: 'Thinking…',
  depth: (n: number) => `depth ${n}`,
  tablebase: 'proved by the endgame tables (tablebase)',
  tablebaseDraw: 'A draw with best play',
  threads: (n: number) => `The engine searches on ${plural(n, 'thread', 'threads')}, one per core.`,
  oneThread:
    'The engine searches on one thread: this page is not served cross-origin isolated, so its workers cannot share memory.',
  even: 'The position is even',
  /** How the position stands for `side` (the point of view): better or worse, and how far. */
  standing: (side: Side, standing: Standing, better: boolean) =>
    `${side === 'attackers' ? 'The attackers' : 'The defenders'} ${
      better
        ? { slight: 'stand slightly better', clear: 'stand better', decisive: 'are winning' }[standing]
        : { slight: 'stand slightly worse', clear: 'stand worse', decisive: 'are losing' }[standing]
    }`,
  /** A forced result for `side` (the point of view): they win, or lose, in so many moves. */
  winIn: (side: Side, moves: number, wins: boolean) =>
    `${side === 'attackers' ? 'The attackers' : 'The defenders'} ${wins ? 'win' : 'lose'} in ${plural(moves, 'move', 'moves')}`,
  won: (winner: Side | 'draw'): string =>
    winner === 'draw'
      ? 'The game is drawn.'
      : winner === 'attackers'
        ? 'The attackers won.'
        : 'The defenders won.',
  gameEndedHere: 'The game ended here:',
  lines: 'The engine’s lines',
  lineLabel: (n: number) => `Line ${n}`,
  fewerLines:
    'Fewer lines than asked: the position has no other move, or its others are mirror images of these (the same game seen from another side of the board).',
  bestMoveArrow: (move: string) => `Best move: ${move}`,
  // The whole game.
  analyseGame: 'Analyse the whole game',
  stop: 'Stop',
  progress: 'Analysis of the game',
  progressText: (done: number, total: number) => `${done} of ${total} positions`,
  stopped: 'The analysis was stopped; start it again to finish it.',
  analysedAt: (depth: number) => `The game is analysed (depth ${depth}).`,
  analysisFailed: 'The analysis failed.',
  keptLocal: 'The analysis is kept with the game on this device.',
  keptOnline: 'The analysis is kept with the game on the server: everyone who opens it sees it.',
  notKept: 'This position comes from a link: its analysis is not kept unless you keep it as a game.',
  keepAsGame: 'Keep it as a game',
  saveFailed: 'The analysis could not be saved.',
  judgement: (j: Judgement): string =>
    j === 'blunder' ? 'Blunder' : j === 'mistake' ? 'Mistake' : 'Inaccuracy',
  thresholdsHelp: (inaccuracy: string, mistake: string, blunder: string) =>
    `After the whole game is analysed, a move is marked by how far it lowers its side’s chances of winning (counted from 0 to 100): an inaccuracy (?!) from ${inaccuracy} points, a mistake (?) from ${mistake}, a blunder (??) from ${blunder}.`,
  thresholdsSoldiers: (inaccuracy: string, mistake: string, blunder: string) =>
    `From an even position, those falls are about ${inaccuracy}, ${mistake} and ${blunder} soldiers’ worth of the engine’s estimate.`,
  judgements: (j: Judgement): string =>
    j === 'blunder' ? 'Blunders' : j === 'mistake' ? 'Mistakes' : 'Inaccuracies',
  counts: 'Inaccuracies, mistakes and blunders of each side',
  side: (side: Side): string => (side === 'attackers' ? 'Attackers' : 'Defenders'),
  // The legend of the evaluation, under the moves' legend.
  legendFigure:
    'the engine’s estimate, seen by the side chosen: above 0 when that side stands better, below 0 when it stands worse; 1 is about a soldier’s worth',
  legendForced: 'that side wins in 3 moves with the best play of both; #−3: it loses in 3',
  // The graph's axes and its reading.
  graphMoves: 'Moves',
  graphValue: (move: string, figure: string, pov: string) => `${move} · ${figure} ${pov.toLowerCase()}`,
  // The moves and the tree.
  moves: 'Moves',
  start: 'Start position',
  variation: 'Variation',
  promote: 'Promote this variation',
  makeMainline: 'Make it the main line',
  deleteVariation: 'Delete this variation',
  keysHelp: 'Arrow keys: ← → move by move, ↑ ↓ from one variation to another.',
  graph:
    'The evaluation over the game: the attackers’ winning chances above the middle, the defenders’ below',
  graphAt: (moveText: string) => moveText,
  moveAt: (n: number, side: Side) => `Move ${n}, ${side === 'attackers' ? 'attackers' : 'defenders'}`,
  startShort: 'Start',
};

export type AnalysisText = typeof en;

export const es: AnalysisText = {
  title: 'Análisis',
  openBoard: 'Tablero de análisis',
  loading: 'Cargando la partida…',
  notFound: 'Esta partida no está guardada en este dispositivo.',
  onlineUnfinished: 'Esta partida en línea aún no ha terminado: podrá analizarse cuando acabe.',
  onlineAborted: 'Esta partida en línea se anuló antes de la primera jugada: no hay nada que analizar.',
  onlineFailed: 'No se ha podido cargar la partida del servidor.',
  linkFailed: 'Este enlace no describe una posición que se pueda analizar.',
  backToGame: 'Volver a la partida',
  evalFor: (side) => (side === 'attackers' ? 'Para los atacantes' : 'Para los defensores'),
  pointOfView: 'Valoración vista por',
  povAttackers: 'los atacantes',
  povDefenders: 'los defensores',
  engine: 'Motor',
  threeLines: 'Tres variantes',
  thinking: 'Pensando…',
  depth: (n) => `profundidad ${n}`,
  tablebase: 'demostrado por las tablas de finales',
  tablebaseDraw: 'Tablas con el mejor juego',
  threads: (n) => `El motor calcula con ${n === 1 ? '1 hilo' : `${n} hilos`}, uno por núcleo.`,
  oneThread:
    'El motor calcula con un solo hilo: como esta página no se sirve aislada de otros orígenes, sus hilos de cálculo no pueden compartir memoria.',
  even: 'La posición está igualada',
  standing: (side, standing, better) =>
    `${side === 'attackers' ? 'Los atacantes' : 'Los defensores'} ${
      better
        ? { slight: 'están algo mejor', clear: 'están mejor', decisive: 'van ganando' }[standing]
        : { slight: 'están algo peor', clear: 'están peor', decisive: 'van perdiendo' }[standing]
    }`,
  winIn: (side, moves, wins) =>
    `${side === 'attackers' ? 'Los atacantes' : 'Los defensores'} ${wins ? 'ganan' : 'pierden'} en ${plural(moves, 'jugada', 'jugadas')}`,
  won: (winner) =>
    winner === 'draw'
      ? 'La partida termina en tablas.'
      : winner === 'attackers'
        ? 'Ganaron los atacantes.'
        : 'Ganaron los defensores.',
  gameEndedHere: 'La partida terminó aquí:',
  lines: 'Las variantes del motor',
  lineLabel: (n) => `Variante ${n}`,
  fewerLines:
    'Menos variantes de las pedidas: la posición no tiene otra jugada, o las demás son imágenes especulares de estas (la misma partida vista desde otro lado del tablero).',
  bestMoveArrow: (move) => `Mejor jugada: ${move}`,
  analyseGame: 'Analizar toda la partida',
  stop: 'Detener',
  progress: 'Análisis de la partida',
  progressText: (done, total) => `${done} de ${total} posiciones`,
  stopped: 'El análisis se ha detenido; vuelve a lanzarlo para terminarlo.',
  analysedAt: (depth) => `La partida está analizada (profundidad ${depth}).`,
  analysisFailed: 'El análisis ha fallado.',
  keptLocal: 'El análisis se guarda con la partida en este dispositivo.',
  keptOnline: 'El análisis se guarda con la partida en el servidor: lo verá cualquiera que la abra.',
  notKept: 'Esta posición viene de un enlace: su análisis no se guarda, salvo que la guardes como partida.',
  keepAsGame: 'Guardarla como partida',
  saveFailed: 'No se ha podido guardar el análisis.',
  judgement: (j) => (j === 'blunder' ? 'Error grave' : j === 'mistake' ? 'Error' : 'Imprecisión'),
  thresholdsHelp: (inaccuracy, mistake, blunder) =>
    `Tras analizar toda la partida, cada jugada se marca según cuánto reduce las posibilidades de ganar de su bando (contadas de 0 a 100): imprecisión (?!) a partir de ${inaccuracy} puntos, error (?) a partir de ${mistake}, error grave (??) a partir de ${blunder}.`,
  thresholdsSoldiers: (inaccuracy, mistake, blunder) =>
    `Desde una posición igualada, esas caídas equivalen en la estimación del motor a unos ${inaccuracy}, ${mistake} y ${blunder} soldados.`,
  judgements: (j) => (j === 'blunder' ? 'Errores graves' : j === 'mistake' ? 'Errores' : 'Imprecisiones'),
  counts: 'Imprecisiones, errores y errores graves de cada bando',
  side: (side) => (side === 'attackers' ? 'Atacantes' : 'Defensores'),
  legendFigure:
    'la estimación del motor, vista por el bando elegido: por encima de 0 si ese bando está mejor, por debajo si está peor; 1 equivale más o menos a un soldado',
  legendForced: 'ese bando gana en 3 jugadas si ambos juegan lo mejor posible; #−3: pierde en 3',
  graphMoves: 'Jugadas',
  graphValue: (move, figure, pov) => `${move} · ${figure} ${pov.toLowerCase()}`,
  moves: 'Jugadas',
  start: 'Posición inicial',
  variation: 'Variante',
  promote: 'Subir esta variante',
  makeMainline: 'Convertirla en la línea principal',
  deleteVariation: 'Borrar esta variante',
  keysHelp: 'Flechas: ← → jugada a jugada, ↑ ↓ de una variante a otra.',
  graph:
    'La valoración a lo largo de la partida: por encima del centro, las posibilidades de los atacantes; por debajo, las de los defensores',
  graphAt: (moveText) => moveText,
  moveAt: (n, side) => `Jugada ${n}, ${side === 'attackers' ? 'atacantes' : 'defensores'}`,
  startShort: 'Inicio',
};

export const fr: AnalysisText = {
  title: 'Analyse',
  openBoard: 'Plateau d’analyse',
  loading: 'Chargement de la partie…',
  notFound: 'Cette partie n’est pas conservée sur cet appareil.',
  onlineUnfinished:
    'Cette partie en ligne n’est pas terminée\u202f: elle pourra être analysée une fois finie.',
  onlineAborted:
    'Cette partie en ligne a été annulée avant son premier coup\u202f: il n’y a rien à analyser.',
  onlineFailed: 'La partie n’a pas pu être chargée depuis le serveur.',
  linkFailed: 'Ce lien ne décrit pas une position que l’on puisse analyser.',
  backToGame: 'Revenir à la partie',
  evalFor: (side) => (side === 'attackers' ? 'Pour les assaillants' : 'Pour les défenseurs'),
  pointOfView: 'Évaluation vue par',
  povAttackers: 'les assaillants',
  povDefenders: 'les défenseurs',
  engine: 'Moteur',
  threeLines: 'Trois lignes',
  thinking: 'Réflexion…',
  depth: (n) => `profondeur ${n}`,
  tablebase: 'prouvé par les tables de finales',
  tablebaseDraw: 'Nulle avec le meilleur jeu',
  threads: (n) =>
    `Le moteur calcule sur ${n === 1 ? '1 fil d’exécution' : `${n} fils d’exécution`}, un par cœur.`,
  oneThread:
    'Le moteur calcule sur un seul fil d’exécution\u202f: cette page n’étant pas servie isolée des autres origines, ses fils de calcul ne peuvent pas partager de mémoire.',
  even: 'La position est équilibrée',
  standing: (side, standing, better) =>
    `${side === 'attackers' ? 'Les assaillants' : 'Les défenseurs'} ${
      better
        ? { slight: 'sont légèrement mieux', clear: 'sont mieux', decisive: 'ont un avantage décisif' }[
            standing
          ]
        : {
            slight: 'sont légèrement moins bien',
            clear: 'sont moins bien',
            decisive: 'sont en position perdante',
          }[standing]
    }`,
  winIn: (side, moves, wins) =>
    `${side === 'attackers' ? 'Les assaillants' : 'Les défenseurs'} ${wins ? 'gagnent' : 'perdent'} en ${plural(moves, 'coup', 'coups')}`,
  won: (winner) =>
    winner === 'draw'
      ? 'La partie est nulle.'
      : winner === 'attackers'
        ? 'Les assaillants ont gagné.'
        : 'Les défenseurs ont gagné.',
  gameEndedHere: 'La partie s’est arrêtée ici\u202f:',
  lines: 'Les lignes du moteur',
  lineLabel: (n) => `Ligne ${n}`,
  fewerLines:
    'Moins de lignes que demandé\u202f: la position n’a pas d’autre coup, ou les autres sont le reflet de celles-ci (la même partie vue d’un autre côté du plateau).',
  bestMoveArrow: (move) => `Meilleur coup\u202f: ${move}`,
  analyseGame: 'Analyser toute la partie',
  stop: 'Arrêter',
  progress: 'Analyse de la partie',
  progressText: (done, total) => `${done} positions sur ${total}`,
  stopped: 'L’analyse a été arrêtée\u202f; relancez-la pour la terminer.',
  analysedAt: (depth) => `La partie est analysée (profondeur ${depth}).`,
  analysisFailed: 'L’analyse a échoué.',
  keptLocal: 'L’analyse est conservée avec la partie sur cet appareil.',
  keptOnline:
    'L’analyse est conservée avec la partie sur le serveur\u202f: tous ceux qui l’ouvrent la voient.',
  notKept:
    'Cette position vient d’un lien\u202f: son analyse n’est pas conservée, à moins de la garder comme partie.',
  keepAsGame: 'La garder comme partie',
  saveFailed: 'L’analyse n’a pas pu être enregistrée.',
  judgement: (j) => (j === 'blunder' ? 'Gaffe' : j === 'mistake' ? 'Erreur' : 'Imprécision'),
  thresholdsHelp: (inaccuracy, mistake, blunder) =>
    `Une fois toute la partie analysée, un coup est marqué selon ce qu’il coûte aux chances de gain de son camp (comptées de 0 à 100)\u202f: imprécision (?!) à partir de ${inaccuracy} points, erreur (?) à partir de ${mistake}, gaffe (??) à partir de ${blunder}.`,
  thresholdsSoldiers: (inaccuracy, mistake, blunder) =>
    `Depuis une position équilibrée, ces chutes valent environ ${inaccuracy}, ${mistake} et ${blunder} soldats dans l’estimation du moteur.`,
  judgements: (j) => (j === 'blunder' ? 'Gaffes' : j === 'mistake' ? 'Erreurs' : 'Imprécisions'),
  counts: 'Imprécisions, erreurs et gaffes de chaque camp',
  side: (side) => (side === 'attackers' ? 'Assaillants' : 'Défenseurs'),
  legendFigure:
    'l’estimation du moteur, vue par le camp choisi\u202f: au-dessus de 0 quand ce camp est mieux, en dessous quand il est moins bien\u202f; 1 vaut à peu près un soldat',
  legendForced: 'ce camp gagne en 3 coups si les deux jouent au mieux\u202f; #−3\u202f: il perd en 3',
  graphMoves: 'Coups',
  graphValue: (move, figure, pov) => `${move} · ${figure} ${pov.toLowerCase()}`,
  moves: 'Coups',
  start: 'Position de départ',
  variation: 'Ligne secondaire',
  promote: 'Remonter cette ligne',
  makeMainline: 'En faire la ligne principale',
  deleteVariation: 'Supprimer cette ligne',
  keysHelp: 'Flèches\u202f: ← → coup par coup, ↑ ↓ d’une ligne à l’autre.',
  graph:
    'L’évaluation au fil de la partie\u202f: au-dessus du milieu, les chances des assaillants\u202f; en dessous, celles des défenseurs',
  graphAt: (moveText) => moveText,
  moveAt: (n, side) => `Coup ${n}, ${side === 'attackers' ? 'assaillants' : 'défenseurs'}`,
  startShort: 'Départ',
};

export const ANALYSIS_TEXT: { readonly [l in Lang]: AnalysisText } = { en, es, fr };
