/**
 * The words of the mails, in the account's language: English is the reference, Spanish and
 * French have its shape (a missing key fails to compile). They follow the app's glossary
 * (packages/web/src/i18n/glossary.ts): «partida por correspondencia», «ritmo de juego», «puesto»;
 * «partie par correspondance», «cadence», French typography (U+202F before ; ? ! and inside « »,
 * U+00A0 before :, curly apostrophes). The server does not depend on the app, so they live here,
 * and the app's words test walks them as it walks the app's (web/test/words.test.ts).
 *
 * Only words: the layout (compose.ts) puts them in a plain text and an HTML body, and escapes
 * whatever a player chose (a name) in the HTML. Every argument is text already in the language
 * (a side's name, a date) or a number.
 */

import type { MailLang } from '../protocol-mail.js';

const en = {
  attackers: 'attackers',
  defenders: 'defenders',
  hello: (name: string) => `Hello ${name},`,
  openGame: 'Open the game',

  confirmSubject: 'Confirm your email address',
  confirmBody: (name: string) =>
    `You asked for mails about your games on the account ${name}. Confirm that this address is yours: the link works for a day.`,
  confirmAction: 'Confirm the address',
  confirmIgnore: 'If you did not ask for it, ignore this mail: nothing more will be sent to this address.',

  moveSubject: (opponent: string) => `Your move against ${opponent}`,
  moveBody: (opponent: string, rules: string) =>
    `${opponent} has moved in your correspondence game of ${rules}: it is your move.`,
  moveDeadline: (date: string) => `Your time for this move runs until ${date}.`,

  digestSubject: (n: number) => (n === 1 ? 'One game waits for your move' : `${n} games wait for your move`),
  digestBody: 'In these correspondence games, it is your move:',
  digestGame: (opponent: string, rules: string) => `against ${opponent}, ${rules}`,
  digestUntil: (date: string) => `until ${date}`,
  digestAction: 'Your games',

  roundSubject: (tournament: string, round: number) => `${tournament}: round ${round} is paired`,
  roundBody: (round: number, side: string, opponent: string) =>
    `In round ${round} you play the ${side} against ${opponent}.`,

  timeSubject: (opponent: string) => `You lost on time against ${opponent}`,
  timeBody: (rules: string, opponent: string) =>
    `Your time ran out in your game of ${rules} against ${opponent}: the game is lost.`,
  claimedSubject: (opponent: string) => `${opponent} claimed your game`,
  claimedWin: (rules: string, opponent: string) =>
    `You were away from your game of ${rules} for too long: ${opponent} claimed the victory.`,
  claimedDraw: (rules: string, opponent: string) =>
    `You were away from your game of ${rules} for too long: ${opponent} called it a draw.`,

  why: 'You receive this mail because you asked for it in your account.',
  settings: 'Choose what you receive',
  unsubscribe: 'Unsubscribe from every mail',
};

type Widen<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};
export type MailText = Widen<typeof en>;

const es: MailText = {
  attackers: 'atacantes',
  defenders: 'defensores',
  hello: (name) => `Hola, ${name}:`,
  openGame: 'Abrir la partida',

  confirmSubject: 'Confirma tu dirección de correo',
  confirmBody: (name) =>
    `Has pedido correos sobre tus partidas de la cuenta ${name}. Confirma que esta dirección es tuya: el enlace funciona durante un día.`,
  confirmAction: 'Confirmar la dirección',
  confirmIgnore:
    'Si no lo has pedido tú, no hagas caso de este correo: no se enviará nada más a esta dirección.',

  moveSubject: (opponent) => `Te toca jugar contra ${opponent}`,
  moveBody: (opponent, rules) =>
    `${opponent} ha hecho su jugada en vuestra partida por correspondencia de ${rules}: te toca mover.`,
  moveDeadline: (date) => `Tienes hasta el ${date} para esta jugada.`,

  digestSubject: (n) => (n === 1 ? 'Una partida espera tu jugada' : `${n} partidas esperan tu jugada`),
  digestBody: 'En estas partidas por correspondencia te toca mover:',
  digestGame: (opponent, rules) => `contra ${opponent}, ${rules}`,
  digestUntil: (date) => `hasta el ${date}`,
  digestAction: 'Tus partidas',

  roundSubject: (tournament, round) => `${tournament}: emparejada la ronda ${round}`,
  roundBody: (round, side, opponent) => `En la ronda ${round} juegas con los ${side} contra ${opponent}.`,

  timeSubject: (opponent) => `Has perdido por tiempo contra ${opponent}`,
  timeBody: (rules, opponent) =>
    `Te has quedado sin tiempo en tu partida de ${rules} contra ${opponent}: la partida está perdida.`,
  claimedSubject: (opponent) => `${opponent} ha reclamado vuestra partida`,
  claimedWin: (rules, opponent) =>
    `Te has ido demasiado tiempo de tu partida de ${rules}: ${opponent} ha reclamado la victoria.`,
  claimedDraw: (rules, opponent) =>
    `Te has ido demasiado tiempo de tu partida de ${rules}: ${opponent} la ha dado por tablas.`,

  why: 'Recibes este correo porque lo has pedido en tu cuenta.',
  settings: 'Elegir qué correos recibes',
  unsubscribe: 'Darse de baja de todos los correos',
};

const fr: MailText = {
  attackers: 'assaillants',
  defenders: 'défenseurs',
  hello: (name) => `Bonjour ${name},`,
  openGame: 'Ouvrir la partie',

  confirmSubject: 'Confirmez votre adresse e-mail',
  confirmBody: (name) =>
    `Vous avez demandé des e-mails sur vos parties du compte ${name}. Confirmez que cette adresse est la vôtre\u00a0: le lien est valable un jour.`,
  confirmAction: 'Confirmer l’adresse',
  confirmIgnore:
    'Si vous n’avez rien demandé, ignorez cet e-mail\u202f; rien d’autre ne sera envoyé à cette adresse.',

  moveSubject: (opponent) => `À vous de jouer contre ${opponent}`,
  moveBody: (opponent, rules) =>
    `${opponent} a joué son coup dans votre partie par correspondance de ${rules}\u00a0: c’est à vous de jouer.`,
  moveDeadline: (date) => `Vous avez jusqu’au ${date} pour jouer ce coup.`,

  digestSubject: (n) => (n === 1 ? 'Une partie attend votre coup' : `${n} parties attendent votre coup`),
  digestBody: 'Dans ces parties par correspondance, c’est à vous de jouer\u00a0:',
  digestGame: (opponent, rules) => `contre ${opponent}, ${rules}`,
  digestUntil: (date) => `jusqu’au ${date}`,
  digestAction: 'Vos parties',

  roundSubject: (tournament, round) => `${tournament}\u00a0: la ronde ${round} est appariée`,
  roundBody: (round, side, opponent) => `À la ronde ${round}, vous jouez les ${side} contre ${opponent}.`,

  timeSubject: (opponent) => `Vous avez perdu au temps contre ${opponent}`,
  timeBody: (rules, opponent) =>
    `Votre temps est écoulé dans votre partie de ${rules} contre ${opponent}\u00a0: la partie est perdue.`,
  claimedSubject: (opponent) => `${opponent} a réclamé votre partie`,
  claimedWin: (rules, opponent) =>
    `Vous avez quitté votre partie de ${rules} trop longtemps\u00a0: ${opponent} a réclamé la victoire.`,
  claimedDraw: (rules, opponent) =>
    `Vous avez quitté votre partie de ${rules} trop longtemps\u00a0: ${opponent} a déclaré la partie nulle.`,

  why: 'Vous recevez cet e-mail parce que vous l’avez demandé dans votre compte.',
  settings: 'Choisir ce que vous recevez',
  unsubscribe: 'Se désabonner de tous les e-mails',
};

export const MAIL_TEXT: { readonly [l in MailLang]: MailText } = { en, es, fr };
