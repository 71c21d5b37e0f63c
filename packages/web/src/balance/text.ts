/**
 * The words of the page "Which rules are fair?" (`#/balance`) in English, Spanish and French.
 * English is the reference; Spanish and French have its shape (a missing key fails to compile).
 * `balanceText(t)` finds the language of the page's catalogue.
 */

import { langOf } from '../game/feedback-text.js';
import type { Messages } from '../i18n/index.js';
import type { Ending, Winner } from './data.js';

const en = {
  title: 'Which rules are fair?',
  intro: (games: number) =>
    `The computer played itself ${games} games under each ruleset. Under fair rules each side wins about as often as the other; under one-sided rules one side nearly always wins, whoever plays it.`,
  howToRead:
    'Each bar is the share of the games that ended so. The thin line with end marks across it is the share’s 95% interval: a far longer run would find a share inside it 19 times out of 20.',
  overviewTitle: 'At a glance',
  overviewNote: 'The fairest first: the attackers’ score (their wins and half the draws) closest to 50%.',
  colRuleset: 'Ruleset',
  colScore: 'Attackers’ score',
  colLength: 'Average length',
  colOutcome: 'Result',
  colChart: 'Chart',
  colShare: 'Share',
  colInterval: '95% interval',
  colGames: 'Games',
  outcome: { attackers: 'Attackers win', draw: 'Draws', defenders: 'Defenders win' } satisfies Record<
    Winner,
    string
  >,
  interval: (low: string, high: string) => `${low} to ${high}`,
  gamesOf: (k: number, n: number) => `${k} of ${n}`,
  moves: (n: string) => `${n} moves`,
  engineCaption: (name: string, games: number) => `${name}: the computer against itself, ${games} games`,
  humanCaption: (games: number) => `People’s games under these rules: ${games} games`,
  length: (average: string, shortest: number, longest: number) =>
    `Average length: ${average} moves (the shortest game ${shortest}, the longest ${longest}).`,
  openings: (n: number) => `${n} different openings.`,
  endingsTitle: 'How the games ended',
  ending: {
    escape: 'the king escaped',
    'king captured': 'the king was captured',
    'all attackers captured': 'every attacker was captured',
    'no legal move': 'a side could not move',
    'no legal move for either side': 'neither side could move',
    repetition: 'a position came back too often',
    'quiet moves': 'too many moves without a capture',
    'ply limit': 'the move cap was reached',
    time: 'a player ran out of time',
    'not by rule': 'a player resigned, or both agreed to a draw',
  } satisfies Record<Ending, string>,
  endingCount: (ending: string, winner: string) => `${ending} (${winner}): `,
  endingWinner: { attackers: 'attackers win', defenders: 'defenders win', draw: 'draw' } satisfies Record<
    Winner,
    string
  >,
  humanTitle: 'People’s games',
  humanNote: (records: number, games: number, unfinished: number) =>
    `${records} Brandubh games played by people under the World Tafl Federation’s rules, without the draw by repetition; ${games} of them have a result (${unfinished} unfinished are left out). A record does not say whether a game was resigned or agreed.`,
  humanLength: (average: string) => `Average length: ${average} moves.`,
  methodTitle: 'How the data was made',
  methodEngine: (nodes: number) =>
    `Both sides are the app’s engine, its strongest search (level 6’s, without its opening book), looking at ${nodes.toLocaleString('en')} positions a move and bound by nothing else, so that the same command gives the same games on any computer.`,
  methodBook: (seed: number) =>
    `Each game starts from its own opening, a line of the engine’s opening book drawn at random (seed ${seed}), each move as often as the book’s own games played it; the engine plays on from where the book ends. The games are not played in pairs with the sides swapped: one engine plays both sides, so that would be the same game again.`,
  methodRandom: (plies: number, seed: number) =>
    `Each game starts from its own opening of ${plies} random moves, each side’s counted apart (seed ${seed}).`,
  methodCap: (plies: number) => `A game still going after ${plies} moves counts as a draw (the move cap).`,
  methodMoves:
    'A move is counted as players count it: the attackers’ move and the defenders’ reply; the lengths include the opening.',
  methodInterval:
    'The intervals are Wilson’s score intervals at 95%, which stay within 0 and 100% even when one side wins every game.',
  methodMade: (date: string, commit: string) => `Made on ${date}, by the code of commit ${commit}.`,
  methodCommand: 'The command that makes it again, from the repository (npm run build first):',
};

export type BalanceText = typeof en;

const es: BalanceText = {
  title: '¿Qué reglas son justas?',
  intro: (games) =>
    `El ordenador jugó contra sí mismo ${games} partidas con cada reglamento. Con reglas justas cada bando gana más o menos tan a menudo como el otro; con reglas desequilibradas uno de los dos gana casi siempre, lo juegue quien lo juegue.`,
  howToRead:
    'Cada barra es la parte de las partidas que acabaron así. La línea fina con topes que la cruza es su intervalo del 95 %: una serie mucho más larga daría una proporción dentro de él 19 veces de cada 20.',
  overviewTitle: 'De un vistazo',
  overviewNote:
    'Primero los más justos: los puntos de los atacantes (sus victorias y la mitad de las tablas) más cerca del 50 %.',
  colRuleset: 'Reglamento',
  colScore: 'Puntos de los atacantes',
  colLength: 'Duración media',
  colOutcome: 'Resultado',
  colChart: 'Gráfico',
  colShare: 'Proporción',
  colInterval: 'Intervalo del 95 %',
  colGames: 'Partidas',
  outcome: { attackers: 'Ganan los atacantes', draw: 'Tablas', defenders: 'Ganan los defensores' },
  interval: (low, high) => `de ${low} a ${high}`,
  gamesOf: (k, n) => `${k} de ${n}`,
  moves: (n) => `${n} jugadas`,
  engineCaption: (name, games) => `${name}: el ordenador contra sí mismo, ${games} partidas`,
  humanCaption: (games) => `Partidas de personas con estas reglas: ${games} partidas`,
  length: (average, shortest, longest) =>
    `Duración media: ${average} jugadas (la partida más corta ${shortest}, la más larga ${longest}).`,
  openings: (n) => `${n} aperturas distintas.`,
  endingsTitle: 'Cómo acabaron las partidas',
  ending: {
    escape: 'el rey huyó',
    'king captured': 'el rey fue capturado',
    'all attackers captured': 'todos los atacantes fueron capturados',
    'no legal move': 'un bando no podía mover',
    'no legal move for either side': 'ningún bando podía mover',
    repetition: 'una posición se repitió demasiado',
    'quiet moves': 'demasiadas jugadas sin captura',
    'ply limit': 'se llegó al límite de jugadas',
    time: 'a un jugador se le acabó el tiempo',
    'not by rule': 'un jugador abandonó o ambos acordaron tablas',
  },
  endingCount: (ending, winner) => `${ending} (${winner}): `,
  endingWinner: { attackers: 'ganan los atacantes', defenders: 'ganan los defensores', draw: 'tablas' },
  humanTitle: 'Partidas de personas',
  humanNote: (records, games, unfinished) =>
    `${records} partidas de Brandubh jugadas por personas con las reglas de la World Tafl Federation, sin las tablas por repetición; ${games} tienen resultado (se dejan fuera ${unfinished} sin terminar). El registro no dice si una partida acabó por abandono o por acuerdo.`,
  humanLength: (average) => `Duración media: ${average} jugadas.`,
  methodTitle: 'Cómo se obtuvieron los datos',
  methodEngine: (nodes) =>
    `Los dos bandos son el motor de la aplicación, su búsqueda más fuerte (la del nivel 6, sin su libro de aperturas), que examina ${nodes.toLocaleString('es')} posiciones por jugada y no tiene otro límite, de modo que la misma orden da las mismas partidas en cualquier ordenador.`,
  methodBook: (seed) =>
    `Cada partida empieza con su propia apertura, una línea del libro de aperturas del motor elegida al azar (semilla ${seed}), cada jugada tan a menudo como la jugaron las partidas del propio libro; el motor sigue desde donde acaba el libro. Las partidas no se juegan por parejas con los bandos cambiados: un mismo motor juega los dos bandos, así que sería la misma partida otra vez.`,
  methodRandom: (plies, seed) =>
    `Cada partida empieza con su propia apertura de ${plies} jugadas al azar, contadas por separado las de cada bando (semilla ${seed}).`,
  methodCap: (plies) =>
    `Una partida que sigue tras ${plies} jugadas cuenta como tablas (el límite de jugadas).`,
  methodMoves:
    'Las jugadas se cuentan como las cuentan los jugadores: la jugada de los atacantes y la respuesta de los defensores; las duraciones incluyen la apertura.',
  methodInterval:
    'Los intervalos son intervalos de Wilson al 95 %, que quedan entre el 0 y el 100 % incluso cuando un bando gana todas las partidas.',
  methodMade: (date, commit) => `Obtenidos el ${date} con el código de la revisión ${commit}.`,
  methodCommand: 'La orden que los vuelve a obtener, desde el repositorio (antes, npm run build):',
};

const fr: BalanceText = {
  title: 'Quelles variantes sont équitables\u202f?',
  intro: (games) =>
    `L’ordinateur a joué ${games} parties contre lui-même dans chaque variante. Avec des règles équitables, chaque camp gagne à peu près aussi souvent que l’autre\u202f; avec des règles déséquilibrées, l’un des deux gagne presque toujours, quel que soit celui qui le joue.`,
  howToRead:
    'Chaque barre est la part des parties finies ainsi. Le trait fin à butées qui la traverse est son intervalle à 95 %\u202f: une série bien plus longue trouverait une part à l’intérieur 19 fois sur 20.',
  overviewTitle: 'En un coup d’œil',
  overviewNote:
    'Les plus équitables d’abord\u202f: le score des assaillants (leurs victoires et la moitié des nulles) le plus proche de 50 %.',
  colRuleset: 'Variante',
  colScore: 'Score des assaillants',
  colLength: 'Durée moyenne',
  colOutcome: 'Résultat',
  colChart: 'Graphique',
  colShare: 'Part',
  colInterval: 'Intervalle à 95 %',
  colGames: 'Parties',
  outcome: { attackers: 'Victoire des assaillants', draw: 'Nulles', defenders: 'Victoire des défenseurs' },
  interval: (low, high) => `de ${low} à ${high}`,
  gamesOf: (k, n) => `${k} sur ${n}`,
  moves: (n) => `${n} coups`,
  engineCaption: (name, games) => `${name}\u202f: l’ordinateur contre lui-même, ${games} parties`,
  humanCaption: (games) => `Parties jouées par des personnes avec ces règles\u202f: ${games} parties`,
  length: (average, shortest, longest) =>
    `Durée moyenne\u202f: ${average} coups (la partie la plus courte ${shortest}, la plus longue ${longest}).`,
  openings: (n) => `${n} ouvertures différentes.`,
  endingsTitle: 'Comment les parties ont fini',
  ending: {
    escape: 'le roi s’est évadé',
    'king captured': 'le roi a été pris',
    'all attackers captured': 'tous les assaillants ont été pris',
    'no legal move': 'un camp ne pouvait plus jouer',
    'no legal move for either side': 'aucun camp ne pouvait jouer',
    repetition: 'une position est revenue trop souvent',
    'quiet moves': 'trop de coups sans prise',
    'ply limit': 'la limite de coups a été atteinte',
    time: 'un joueur a manqué de temps',
    'not by rule': 'un joueur a abandonné, ou les deux ont convenu de la nulle',
  },
  endingCount: (ending, winner) => `${ending} (${winner})\u202f: `,
  endingWinner: {
    attackers: 'victoire des assaillants',
    defenders: 'victoire des défenseurs',
    draw: 'nulle',
  },
  humanTitle: 'Parties jouées par des personnes',
  humanNote: (records, games, unfinished) =>
    `${records} parties de Brandubh jouées par des personnes selon les règles de la World Tafl Federation, sans la nulle par répétition\u202f; ${games} ont un résultat (les ${unfinished} inachevées sont laissées de côté). Le relevé ne dit pas si une partie a fini par abandon ou d’un commun accord.`,
  humanLength: (average) => `Durée moyenne\u202f: ${average} coups.`,
  methodTitle: 'Comment les données ont été produites',
  methodEngine: (nodes) =>
    `Les deux camps sont le moteur de l’application, sa recherche la plus forte (celle du niveau 6, sans son livre d’ouvertures), qui examine ${nodes.toLocaleString('fr')} positions par coup et n’a pas d’autre limite\u202f: la même commande donne les mêmes parties sur n’importe quel ordinateur.`,
  methodBook: (seed) =>
    `Chaque partie part de sa propre ouverture, une ligne du livre d’ouvertures du moteur tirée au hasard (graine ${seed}), chaque coup aussi souvent que les parties du livre l’ont joué\u202f; le moteur continue là où le livre s’arrête. Les parties ne sont pas jouées par paires avec les camps inversés\u202f: un même moteur joue les deux camps, ce serait la même partie.`,
  methodRandom: (plies, seed) =>
    `Chaque partie part de sa propre ouverture de ${plies} coups tirés au hasard, ceux de chaque camp comptés à part (graine ${seed}).`,
  methodCap: (plies) =>
    `Une partie encore en cours après ${plies} coups compte comme nulle (la limite de coups).`,
  methodMoves:
    'Les coups se comptent comme les comptent les joueurs\u202f: le coup des assaillants et la réponse des défenseurs\u202f; les durées comprennent l’ouverture.',
  methodInterval:
    'Les intervalles sont des intervalles de score de Wilson à 95 %, qui restent entre 0 et 100 % même quand un camp gagne toutes les parties.',
  methodMade: (date, commit) => `Produites le ${date}, avec le code de la révision ${commit}.`,
  methodCommand: 'La commande qui les refait, depuis le dépôt (après npm run build)\u202f:',
};

const BALANCE_TEXT = { en, es, fr } as const;

export const balanceText = (t: Messages): BalanceText => BALANCE_TEXT[langOf(t)];
export { BALANCE_TEXT };
