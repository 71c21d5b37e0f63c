/**
 * The words of online play as lichess players expect it: the result told to a player ("You
 * won", where a spectator reads which side won), the rating a rated game leaves, takebacks,
 * premoves, the finished games of an account, the notice of a tournament game that is ready, and
 * how a tournament ended. English is the reference; Spanish and French have its shape (a missing
 * key fails to compile). Kept here rather than in i18n/*.ts; `playText(t)` finds the language of
 * the page's catalogue.
 */

import type { Lang, Messages } from '../i18n/index.js';
import { langOf } from '../game/feedback-text.js';

const en = {
  // The result, told to a player.
  youWon: 'You won.',
  youLost: 'You lost.',
  // A rated game's end: the rating family, the rating it leaves and the change ("+12", "−8").
  ratingAfter: (family: string, rating: number, diff: string) => `${family} rating ${rating} (${diff})`,
  ratingChange: 'Rating change',
  // Takebacks (casual games).
  proposeTakeback: 'Propose a takeback',
  takebackProposed: 'You proposed a takeback.',
  withdrawTakeback: 'Withdraw',
  takebackFrom: (name: string) => `${name} proposes a takeback.`,
  acceptTakeback: 'Accept',
  declineTakeback: 'Decline',
  errTakebackCasual: 'Takebacks are for casual games: a rated or tournament game has none.',
  errTakebackNone: 'There is no takeback proposal to answer.',
  errTakebackNothing: 'You have made no move that could be taken back.',
  // Premoves (live games): a move chosen on the opponent's turn.
  premoveSet: (move: string) =>
    `Premove ${move}: played as soon as it is legal. Escape, or a click elsewhere, cancels it.`,
  premoveCancelled: 'Premove cancelled.',
  premoveDropped: (move: string) => `The premove ${move} was not legal after your opponent’s move.`,
  // The finished online games of the signed-in player.
  finishedOnlineTitle: 'Online games',
  finishedHereTitle: 'On this device',
  finishedOnlineEmpty: 'No online game of yours has finished yet.',
  drawn: 'Draw.',
  // The notice of a tournament game that is ready, on any screen.
  gameReady: (tournament: string, round: number) => `${tournament}, round ${round}: your game is ready.`,
  gameReadyAgainst: (opponent: string, side: string) => `Against ${opponent}, with the ${side}.`,
  goToGame: 'Go to the game',
  // A tournament's page.
  yourGame: (round: number) => `Your game of round ${round}`,
  pairingSoon: 'The round is being paired: your game will be ready in a moment.',
  winner: (name: string) => `Winner: ${name}`,
  endedRounds: (rounds: number) =>
    rounds === 1 ? 'Finished after its only round.' : `Finished after its ${rounds} rounds.`,
  endedNoPairing: (played: number, rounds: number) =>
    `Finished after ${played} of its ${rounds} rounds: another round would have paired two players a second time.`,
  endedTooFew: 'Cancelled: fewer than two players at the start.',
  finalStandings: 'Final standings',
};

type Widen<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};
export type PlayText = Widen<typeof en>;

const es: PlayText = {
  youWon: 'Has ganado.',
  youLost: 'Has perdido.',
  ratingAfter: (family, rating, diff) => `Puntuación de ${family}: ${rating} (${diff})`,
  ratingChange: 'Cambio de puntuación',
  proposeTakeback: 'Proponer deshacer la jugada',
  takebackProposed: 'Has propuesto deshacer la jugada.',
  withdrawTakeback: 'Retirar',
  takebackFrom: (name) => `${name} propone deshacer su última jugada.`,
  acceptTakeback: 'Aceptar',
  declineTakeback: 'Rechazar',
  errTakebackCasual:
    'Solo se deshacen jugadas en las partidas amistosas: una partida puntuable o de torneo no lo permite.',
  errTakebackNone: 'No hay ninguna propuesta de deshacer la jugada a la que responder.',
  errTakebackNothing: 'No has hecho ninguna jugada que se pueda deshacer.',
  premoveSet: (move) =>
    `Jugada anticipada ${move}: se hará en cuanto sea legal. Esc, o un clic en otra parte, la cancela.`,
  premoveCancelled: 'Jugada anticipada cancelada.',
  premoveDropped: (move) => `La jugada anticipada ${move} no era legal tras la jugada de tu rival.`,
  finishedOnlineTitle: 'Partidas en línea',
  finishedHereTitle: 'En este dispositivo',
  finishedOnlineEmpty: 'Aún no ha terminado ninguna de tus partidas en línea.',
  drawn: 'Tablas.',
  gameReady: (tournament, round) => `${tournament}, ronda ${round}: tu partida está lista.`,
  gameReadyAgainst: (opponent, side) => `Contra ${opponent}, con los ${side}.`,
  goToGame: 'Ir a la partida',
  yourGame: (round) => `Tu partida de la ronda ${round}`,
  pairingSoon: 'Se está emparejando la ronda: tu partida estará lista enseguida.',
  winner: (name) => `Ganador: ${name}`,
  endedRounds: (rounds) =>
    rounds === 1 ? 'Terminado tras su única ronda.' : `Terminado tras sus ${rounds} rondas.`,
  endedNoPairing: (played, rounds) =>
    `Terminado tras ${played} de sus ${rounds} rondas: otra ronda habría emparejado por segunda vez a dos jugadores.`,
  endedTooFew: 'Cancelado: había menos de dos jugadores al empezar.',
  finalStandings: 'Clasificación final',
};

const fr: PlayText = {
  youWon: 'Vous avez gagné.',
  youLost: 'Vous avez perdu.',
  ratingAfter: (family, rating, diff) => `Cote ${family}\u202f: ${rating} (${diff})`,
  ratingChange: 'Variation de cote',
  proposeTakeback: 'Proposer de reprendre le coup',
  takebackProposed: 'Vous avez proposé de reprendre le coup.',
  withdrawTakeback: 'Retirer',
  takebackFrom: (name) => `${name} propose de reprendre son coup.`,
  acceptTakeback: 'Accepter',
  declineTakeback: 'Refuser',
  errTakebackCasual:
    'Un coup ne se reprend que dans une partie amicale\u202f: une partie classée ou de tournoi ne le permet pas.',
  errTakebackNone: 'Il n’y a aucune proposition de reprendre le coup à laquelle répondre.',
  errTakebackNothing: 'Vous n’avez joué aucun coup qui puisse être repris.',
  premoveSet: (move) =>
    `Coup anticipé ${move}\u202f: joué dès qu’il sera légal. Échap, ou un clic ailleurs, l’annule.`,
  premoveCancelled: 'Coup anticipé annulé.',
  premoveDropped: (move) => `Le coup anticipé ${move} n’était pas légal après le coup de votre adversaire.`,
  finishedOnlineTitle: 'Parties en ligne',
  finishedHereTitle: 'Sur cet appareil',
  finishedOnlineEmpty: 'Aucune de vos parties en ligne n’est encore terminée.',
  drawn: 'Partie nulle.',
  gameReady: (tournament, round) => `${tournament}, ronde ${round}\u202f: votre partie est prête.`,
  gameReadyAgainst: (opponent, side) => `Contre ${opponent}, avec les ${side}.`,
  goToGame: 'Aller à la partie',
  yourGame: (round) => `Votre partie de la ronde ${round}`,
  pairingSoon: 'La ronde est en cours d’appariement\u202f: votre partie sera prête dans un instant.',
  winner: (name) => `Vainqueur\u202f: ${name}`,
  endedRounds: (rounds) =>
    rounds === 1 ? 'Terminé après son unique ronde.' : `Terminé après ses ${rounds} rondes.`,
  endedNoPairing: (played, rounds) =>
    `Terminé après ${played} de ses ${rounds} rondes\u202f: une ronde de plus aurait fait se rencontrer deux fois les mêmes joueurs.`,
  endedTooFew: 'Annulé\u202f: moins de deux joueurs au départ.',
  finalStandings: 'Classement final',
};

export const PLAY_TEXT: { readonly [l in Lang]: PlayText } = { en, es, fr };

export const playText = (t: Messages): PlayText => PLAY_TEXT[langOf(t)];
