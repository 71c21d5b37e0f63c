/**
 * The words of abandonment: who is connected, the opponent who left and the claim of
 * the game, the refusals of a claim, the ends of a game nobody finished (abandoned, expired,
 * never started), and the notice of games that ended while the player was away. English is the
 * reference; Spanish and French have its shape (a missing key fails to compile). Kept here
 * rather than in i18n/*.ts; `presenceText(t)` finds the language of the page's catalogue.
 */

import type { Lang, Messages } from '../i18n/index.js';
import { langOf } from '../game/feedback-text.js';

const en = {
  // The dot by each player's name.
  connected: 'connected',
  away: 'not connected',
  presenceOf: (name: string, state: string) => `${name}: ${state}`,
  // The opponent who left, and the claim.
  opponentLeft: 'Your opponent has left the game.',
  claimIn: (time: string) => `You can claim the game in ${time}.`,
  claimNow: 'You can claim the game now: take the victory, or call it a draw.',
  claimWait: 'If they do not come back, you will be able to claim the game.',
  opponentBack: 'Your opponent is back.',
  claimVictory: 'Claim victory',
  claimDraw: 'Call it a draw',
  // Refusals of a claim.
  errClaimPresent: 'Your opponent is connected again: there is nothing to claim.',
  errClaimEarly: 'It is too early: your opponent still has time to come back.',
  errClaimNone: 'This game cannot be claimed. If no move has been made yet, abort it instead.',
  // Why a game ended.
  reasonLeftAttackers: 'The attackers left the game.',
  reasonLeftDefenders: 'The defenders left the game.',
  reasonLeftDraw: 'A player left the game and the opponent called it a draw.',
  reasonExpired: 'Nobody took the free seat in time: the game was closed.',
  reasonUnstarted: 'No move was made in time: the game was aborted.',
  // The notice of games that ended while the player was away.
  awayTitle: 'While you were away',
  awayIntro: (n: number) => (n === 1 ? 'One of your games has ended:' : `${n} of your games have ended:`),
  awayWon: 'You won.',
  awayLost: 'You lost.',
  awayDrawn: 'Drawn.',
  awayNoResult: 'No result.',
  awayGame: (name: string, opponent: string) => `${name} against ${opponent}`,
  awayDismiss: 'Got it',
  /** Between a game's name and its result. */
  awaySep: ': ',
};

type Widen<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};
export type PresenceText = Widen<typeof en>;

const es: PresenceText = {
  connected: 'conectado',
  away: 'desconectado',
  presenceOf: (name, state) => `${name}: ${state}`,
  opponentLeft: 'Tu rival se ha ido de la partida.',
  claimIn: (time) => `Podrás reclamar la partida dentro de ${time}.`,
  claimNow: 'Ya puedes reclamar la partida: quédate con la victoria o dala por tablas.',
  claimWait: 'Si no vuelve, podrás reclamar la partida.',
  opponentBack: 'Tu rival ha vuelto.',
  claimVictory: 'Reclamar la victoria',
  claimDraw: 'Dar la partida por tablas',
  errClaimPresent: 'Tu rival ha vuelto a conectarse: no hay nada que reclamar.',
  errClaimEarly: 'Aún es pronto: tu rival todavía tiene tiempo de volver.',
  errClaimNone: 'Esta partida no se puede reclamar. Si aún no se ha hecho ninguna jugada, anúlala.',
  reasonLeftAttackers: 'Los atacantes se fueron de la partida.',
  reasonLeftDefenders: 'Los defensores se fueron de la partida.',
  reasonLeftDraw: 'Un jugador se fue de la partida y su rival la dio por tablas.',
  reasonExpired: 'Nadie ocupó el puesto libre a tiempo: la partida se cerró.',
  reasonUnstarted: 'Nadie hizo ninguna jugada a tiempo: la partida se anuló.',
  awayTitle: 'Mientras no estabas',
  awayIntro: (n) => (n === 1 ? 'Ha terminado una de tus partidas:' : `Han terminado ${n} de tus partidas:`),
  awayWon: 'Has ganado.',
  awayLost: 'Has perdido.',
  awayDrawn: 'Tablas.',
  awayNoResult: 'Sin resultado.',
  awayGame: (name, opponent) => `${name} contra ${opponent}`,
  awayDismiss: 'Entendido',
  awaySep: ': ',
};

const fr: PresenceText = {
  connected: 'connecté',
  away: 'déconnecté',
  presenceOf: (name, state) => `${name}\u202f: ${state}`,
  opponentLeft: 'Votre adversaire a quitté la partie.',
  claimIn: (time) => `Vous pourrez réclamer la partie dans ${time}.`,
  claimNow:
    'Vous pouvez maintenant réclamer la partie\u202f: prenez la victoire, ou déclarez la partie nulle.',
  claimWait: 'S’il ne revient pas, vous pourrez réclamer la partie.',
  opponentBack: 'Votre adversaire est de retour.',
  claimVictory: 'Réclamer la victoire',
  claimDraw: 'Déclarer la partie nulle',
  errClaimPresent: 'Votre adversaire s’est reconnecté\u202f: il n’y a rien à réclamer.',
  errClaimEarly: 'C’est trop tôt\u202f: votre adversaire a encore le temps de revenir.',
  errClaimNone: 'Cette partie ne peut pas être réclamée. Si aucun coup n’a encore été joué, annulez-la.',
  reasonLeftAttackers: 'Les assaillants ont quitté la partie.',
  reasonLeftDefenders: 'Les défenseurs ont quitté la partie.',
  reasonLeftDraw: 'Un joueur a quitté la partie et son adversaire l’a déclarée nulle.',
  reasonExpired: 'Personne n’a pris la place libre à temps\u202f: la partie a été close.',
  reasonUnstarted: 'Aucun coup n’a été joué à temps\u202f: la partie a été annulée.',
  awayTitle: 'Pendant votre absence',
  awayIntro: (n) =>
    n === 1 ? 'Une de vos parties est terminée\u202f:' : `${n} de vos parties sont terminées\u202f:`,
  awayWon: 'Vous avez gagné.',
  awayLost: 'Vous avez perdu.',
  awayDrawn: 'Partie nulle.',
  awayNoResult: 'Pas de résultat.',
  awayGame: (name, opponent) => `${name} contre ${opponent}`,
  awayDismiss: 'Compris',
  awaySep: '\u202f: ',
};

export const PRESENCE_TEXT: { readonly [l in Lang]: PresenceText } = { en, es, fr };

export const presenceText = (t: Messages): PresenceText => PRESENCE_TEXT[langOf(t)];
