/**
 * The words of mail in the app: the account page's Email panel (the address, its confirmation,
 * what to send, removing it), the pages the mails' links open (confirming the address,
 * unsubscribing), and the refusals of mail. English is the reference; Spanish and French have
 * its shape (a missing key fails to compile). The mails themselves are written by the server
 * (packages/server/src/mail/text.ts), with the same words.
 */

import type { Lang, Messages } from '../i18n/index.js';
import { langOf } from '../game/feedback-text.js';

const en = {
  mailTitle: 'Email',
  mailIntro:
    'Mails about your games when you are away from the app: your move in a correspondence game, a tournament round paired, a game lost on time or claimed while you were away.',
  mailAddress: 'Email address',
  mailAddressHint: 'Only you see it. A mail is sent to it first, to confirm it is yours.',
  mailSend: 'Send the confirmation',
  mailChange: 'Change the address',
  mailWaiting: (address: string) =>
    `A confirmation mail was sent to ${address}. Open its link within a day; nothing else is sent until then.`,
  mailResend: 'Send it again',
  mailConfirmed: (address: string) => `Mails go to ${address}.`,
  mailWhat: 'What to send',
  mailYourMove: 'Your move in a correspondence game',
  mailEach: 'A mail for each game',
  mailDigest: 'A daily digest of the games waiting',
  mailNever: 'Never',
  mailRounds: 'A tournament round paired',
  mailLosses: 'A game lost on time or claimed while I was away',
  mailLanguage: 'Mails are written in the language of this page.',
  mailSaved: 'Saved.',
  mailRemove: 'Remove the address',
  mailRemoved: 'The address is removed: nothing more is sent to it.',
  working: 'One moment…',

  confirmTitle: 'Confirm your email address',
  confirmDone: 'Your address is confirmed: the mails about your games will come to it.',
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeAsk: 'Stop every mail about your games?',
  unsubscribeButton: 'Unsubscribe',
  unsubscribeDone: 'No more mail will be sent. You can choose what to receive on your account page.',
  toAccount: 'Your account',
  linkBroken: 'This link is incomplete: open it again from the mail.',

  errMailAddress: 'That is not an email address.',
  errMailToken: 'This link is not, or no longer, valid. Ask for a new one on your account page.',
  errMailNone: 'This account has no email address.',
  errMailOff: 'This server sends no mail.',
};

type Widen<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};
export type MailText = Widen<typeof en>;

const es: MailText = {
  mailTitle: 'Correo electrónico',
  mailIntro:
    'Correos sobre tus partidas cuando no estás en la aplicación: te toca mover en una partida por correspondencia, se empareja una ronda de un torneo, pierdes una partida por tiempo o te la reclaman porque te fuiste.',
  mailAddress: 'Dirección de correo',
  mailAddressHint: 'Solo la ves tú. Primero se le envía un correo para confirmar que es tuya.',
  mailSend: 'Enviar la confirmación',
  mailChange: 'Cambiar la dirección',
  mailWaiting: (address) =>
    `Se ha enviado un correo de confirmación a ${address}. Abre su enlace antes de un día; hasta entonces no se envía nada más.`,
  mailResend: 'Volver a enviarlo',
  mailConfirmed: (address) => `Los correos van a ${address}.`,
  mailWhat: 'Qué enviar',
  mailYourMove: 'Te toca mover en una partida por correspondencia',
  mailEach: 'Un correo por cada partida',
  mailDigest: 'Un resumen diario de las partidas que esperan',
  mailNever: 'Nunca',
  mailRounds: 'Se empareja una ronda de un torneo',
  mailLosses: 'Pierdo una partida por tiempo o me la reclaman porque me fui',
  mailLanguage: 'Los correos se escriben en el idioma de esta página.',
  mailSaved: 'Guardado.',
  mailRemove: 'Quitar la dirección',
  mailRemoved: 'Se ha quitado la dirección: ya no se le envía nada.',
  working: 'Un momento…',

  confirmTitle: 'Confirma tu dirección de correo',
  confirmDone: 'Tu dirección está confirmada: los correos sobre tus partidas llegarán a ella.',
  unsubscribeTitle: 'Darse de baja',
  unsubscribeAsk: '¿Dejar de recibir todos los correos sobre tus partidas?',
  unsubscribeButton: 'Darse de baja',
  unsubscribeDone: 'Ya no se enviará ningún correo. Puedes elegir qué recibir en la página de tu cuenta.',
  toAccount: 'Tu cuenta',
  linkBroken: 'Este enlace está incompleto: vuelve a abrirlo desde el correo.',

  errMailAddress: 'Esa no es una dirección de correo.',
  errMailToken: 'Este enlace no es válido o ha caducado. Pide otro en la página de tu cuenta.',
  errMailNone: 'Esta cuenta no tiene dirección de correo.',
  errMailOff: 'Este servidor no envía correos.',
};

const fr: MailText = {
  mailTitle: 'E-mail',
  mailIntro:
    'Des e-mails sur vos parties quand vous n’êtes pas dans l’application\u00a0: c’est à vous de jouer dans une partie par correspondance, une ronde de tournoi est appariée, une partie est perdue au temps ou réclamée pendant votre absence.',
  mailAddress: 'Adresse e-mail',
  mailAddressHint: 'Vous seul la voyez. Un e-mail lui est d’abord envoyé pour confirmer qu’elle est à vous.',
  mailSend: 'Envoyer la confirmation',
  mailChange: 'Changer l’adresse',
  mailWaiting: (address) =>
    `Un e-mail de confirmation a été envoyé à ${address}. Ouvrez son lien dans la journée\u202f; rien d’autre n’est envoyé d’ici là.`,
  mailResend: 'Le renvoyer',
  mailConfirmed: (address) => `Les e-mails partent vers ${address}.`,
  mailWhat: 'Que recevoir',
  mailYourMove: 'C’est à vous de jouer dans une partie par correspondance',
  mailEach: 'Un e-mail pour chaque partie',
  mailDigest: 'Un résumé quotidien des parties en attente',
  mailNever: 'Jamais',
  mailRounds: 'Une ronde de tournoi est appariée',
  mailLosses: 'Une partie perdue au temps ou réclamée pendant mon absence',
  mailLanguage: 'Les e-mails sont écrits dans la langue de cette page.',
  mailSaved: 'Enregistré.',
  mailRemove: 'Supprimer l’adresse',
  mailRemoved: 'L’adresse est supprimée\u00a0: plus rien ne lui est envoyé.',
  working: 'Un instant…',

  confirmTitle: 'Confirmez votre adresse e-mail',
  confirmDone: 'Votre adresse est confirmée\u00a0: les e-mails sur vos parties y arriveront.',
  unsubscribeTitle: 'Se désabonner',
  unsubscribeAsk: 'Ne plus recevoir aucun e-mail sur vos parties\u202f?',
  unsubscribeButton: 'Se désabonner',
  unsubscribeDone:
    'Plus aucun e-mail ne sera envoyé. Vous pouvez choisir ce que vous recevez sur la page de votre compte.',
  toAccount: 'Votre compte',
  linkBroken: 'Ce lien est incomplet\u00a0: rouvrez-le depuis l’e-mail.',

  errMailAddress: 'Ce n’est pas une adresse e-mail.',
  errMailToken: 'Ce lien n’est pas, ou plus, valable. Demandez-en un autre sur la page de votre compte.',
  errMailNone: 'Ce compte n’a pas d’adresse e-mail.',
  errMailOff: 'Ce serveur n’envoie pas d’e-mails.',
};

export const MAIL_TEXT: { readonly [l in Lang]: MailText } = { en, es, fr };

export const mailText = (t: Messages): MailText => MAIL_TEXT[langOf(t)];
