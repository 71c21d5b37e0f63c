/**
 * Français : les leçons, avec la forme du catalogue anglais (`LearnText`), dans les mots du
 * glossaire (src/i18n/glossary.ts).
 */

import { kingRook, NB, rook, type LearnText } from './en.js';

export const fr: LearnText = {
  lessons: {
    move: {
      title: () => 'Comment se déplacent les soldats',
      task: (a) =>
        rook(a)
          ? `Les soldats se déplacent en ligne droite, le long d’une rangée ou d’une colonne, d’autant de cases libres qu’ils le veulent, comme la tour aux échecs. Faites monter l’assaillant de ${a.from} aussi loin que possible.`
          : `Les soldats avancent d’une case à la fois, le long d’une rangée ou d’une colonne, jamais en diagonale. Faites monter l’assaillant de ${a.from} d’une case, en ${a.to}.`,
      success: (a) =>
        rook(a)
          ? `C’est cela${NB}: il s’arrête en ${a.to}, juste avant le défenseur. Aucune pièce ne saute par-dessus une autre ni ne s’arrête sur une case occupée.`
          : `C’est cela${NB}: une case, en avant, de côté ou en arrière, jamais en diagonale.`,
      wrong: (a) =>
        `Ce n’est pas le coup demandé${NB}: il fallait amener l’assaillant de ${a.from} en ${a.to}.`,
    },
    'king-move': {
      title: () => 'Comment se déplace le roi',
      task: (a) =>
        kingRook(a)
          ? `Le roi se déplace comme les soldats, d’autant de cases libres qu’il le veut en ligne droite. Emmenez-le de ${a.from} vers la droite, aussi loin que possible.`
          : `Le roi ne se déplace que d’une case à la fois, le long d’une rangée ou d’une colonne. Emmenez-le de ${a.from} d’une case vers la droite, en ${a.to}.`,
      success: (a) =>
        kingRook(a)
          ? `Il s’arrête en ${a.to}, contre l’assaillant${NB}: comme toutes les pièces, il ne peut pas sauter.`
          : `Une case${NB}: le roi est lent, mieux vaut lui préparer le chemin à l’avance.`,
      wrong: (a) => `Ce n’est pas le coup demandé${NB}: il fallait amener le roi de ${a.from} en ${a.to}.`,
    },
    'throne-pass': {
      title: () => 'Passer par-dessus le trône',
      task: (a) =>
        `Le trône, la case centrale d4, est réservé au roi${NB}: aucun soldat ne peut s’y arrêter. Mais tant qu’il est vide, toute pièce peut passer par-dessus. Faites traverser le trône à l’assaillant de ${a.from}.`,
      success: () =>
        `Il a traversé le trône vide sans s’y arrêter${NB}: d4 n’a jamais fait partie de ses cases.`,
      wrong: (a) =>
        `Ce n’est pas le coup demandé${NB}: faites traverser le trône à l’assaillant de ${a.from}, jusqu’en e4, f4 ou g4.`,
    },
    'throne-block': {
      title: () => 'Le trône barre le passage',
      task: (a) =>
        `Le trône, la case centrale d4, est réservé au roi${NB}: aucun soldat ne peut s’y arrêter ni passer par-dessus, qu’il soit vide ou non. Déplacez l’assaillant de ${a.from} vers la droite, aussi loin que possible.`,
      success: (a) =>
        `Il s’arrête en ${a.to}${NB}: pour un soldat, le trône barre le passage comme une pièce.`,
      wrong: (a) =>
        `Ce n’est pas le coup demandé${NB}: l’assaillant de ${a.from} ne peut pas aller plus loin que ${a.to}.`,
    },
    'king-throne': {
      title: (a) => (a.rules.kingReturns ? 'Retour au trône' : 'Le roi ne revient pas'),
      task: (a) =>
        a.rules.kingReturns
          ? `Seul le roi peut s’arrêter sur le trône, et il peut y revenir quand il le veut. Ramenez le roi de ${a.from} sur le trône, en d4.`
          : `Une fois que le roi a quitté le trône, il ne peut plus s’y arrêter, mais il peut passer par-dessus. Emmenez le roi de ${a.from} de l’autre côté du trône, en d3 ou d2.`,
      success: (a) =>
        a.rules.kingReturns
          ? 'Le roi a retrouvé son trône. Aucun soldat ne peut jamais s’y arrêter.'
          : `Il a franchi le trône sans s’y arrêter${NB}: d4 ne fait plus partie de ses cases.`,
      wrong: (a) =>
        a.rules.kingReturns
          ? `Ce n’est pas le coup demandé${NB}: ramenez le roi de ${a.from} sur le trône, en d4.`
          : `Ce n’est pas le coup demandé${NB}: faites passer le roi de ${a.from} par-dessus le trône, en d3 ou d2.`,
    },
    'corner-defender': {
      title: () => 'Les défenseurs dans les coins',
      task: (a) =>
        `Ici, les défenseurs peuvent eux aussi s’arrêter dans les coins${NB}; les assaillants, jamais${a.rules.cornerImmune ? '. Une pièce posée dans un coin ne peut pas être prise' : ''}. Placez le défenseur de ${a.from} dans le coin ${a.to}.`,
      success: (a) =>
        a.rules.cornerImmune
          ? 'Le défenseur est dans le coin, où rien ne peut le prendre.'
          : 'Le défenseur occupe le coin, où aucun assaillant ne peut aller.',
      wrong: (a) =>
        `Ce n’est pas le coup demandé${NB}: placez le défenseur de ${a.from} dans le coin ${a.to}.`,
    },
    capture: {
      title: () => 'Prendre un soldat',
      task: (a) =>
        `Un soldat est pris quand un adversaire se déplace de façon à l’encadrer entre deux ennemis sur une rangée ou une colonne (jamais en diagonale). Un assaillant se tient déjà à côté du défenseur de ${a.target}${NB}: prenez-le.`,
      success: (a) =>
        `Pris${NB}! Le défenseur de ${a.target} était encadré par deux assaillants et quitte le plateau. Seul le camp qui joue prend${NB}: une pièce peut se glisser sans danger entre deux ennemis.`,
      wrong: (a) =>
        `Ce coup ne prend rien${NB}: un soldat est pris quand on referme le second côté. Placez un assaillant de l’autre côté de ${a.target}, sur la même rangée.`,
    },
    'capture-edge': {
      title: () => 'Le bord ne prend pas',
      task: (a) =>
        `Le bord du plateau n’est pas un ennemi${NB}: une pièce coincée contre lui ne peut pas être prise contre lui. Amenez l’assaillant de ${a.from} en ${a.to}, contre le défenseur de ${a.target}, et voyez.`,
      success: (a) =>
        `Rien n’est pris${NB}: derrière le défenseur de ${a.target}, il n’y a que le bord. Pour le prendre, il faut l’encadrer entre deux assaillants le long du bord.`,
      wrong: (a) =>
        `Ce n’est pas le coup demandé${NB}: amenez l’assaillant de ${a.from} en ${a.to}, contre le défenseur.`,
    },
    'capture-throne': {
      title: () => 'Le trône vide prend',
      task: (a) =>
        a.turn === 'attackers'
          ? `Le trône vide est hostile aux défenseurs${NB}: un défenseur coincé entre lui et un assaillant est pris. Prenez le défenseur de ${a.target} contre le trône.`
          : `Le trône vide est hostile aux assaillants${NB}: un assaillant coincé entre lui et un défenseur est pris. Prenez l’assaillant de ${a.target} contre le trône.`,
      success: () => `Pris${NB}! Le trône vide a fermé l’autre côté, comme l’aurait fait une pièce ennemie.`,
      wrong: (a) =>
        `Ce coup ne prend rien. Amenez une pièce en ${a.to}, pour encadrer celle de ${a.target} entre elle et le trône.`,
    },
    'capture-throne-king': {
      title: () => 'Le trône occupé par le roi',
      task: (a) =>
        a.turn === 'attackers'
          ? `Ici, le trône est hostile aux défenseurs même quand leur roi y siège. Prenez le défenseur de ${a.target}, entre un assaillant et le trône du roi.`
          : `Le roi ne prend pas, mais le trône où il siège est hostile aux assaillants. Prenez l’assaillant de ${a.target} contre le trône.`,
      success: () => `Pris contre le trône, bien que le roi y siège${NB}!`,
      wrong: (a) =>
        `Ce coup ne prend rien. Amenez une pièce en ${a.to}, pour coincer celle de ${a.target} contre le trône.`,
    },
    'capture-corner': {
      title: () => 'Les coins prennent aussi',
      task: (a) =>
        `Les coins vides sont hostiles à toutes les pièces${NB}: une pièce à côté d’un coin est prise par un seul adversaire placé de l’autre côté. Prenez le défenseur de ${a.target} contre le coin a1.`,
      success: () =>
        `Pris contre le coin${NB}! Évitez de laisser vos pièces sur les cases voisines des coins.`,
      wrong: (a) =>
        `Ce coup ne prend rien. Placez l’assaillant en ${a.to}${NB}: le défenseur de ${a.target} est alors coincé contre le coin.`,
    },
    'capture-king-armed': {
      title: () => 'Le roi prend',
      task: (a) =>
        `Le roi participe aux prises comme un soldat. Prenez l’assaillant de ${a.target} en amenant le roi de l’autre côté.`,
      success: (a) => `Pris${NB}! L’assaillant de ${a.target} était encadré par le roi et un défenseur.`,
      wrong: (a) =>
        `Ce coup ne prend rien. Amenez le roi en ${a.to}, pour encadrer l’assaillant de ${a.target} entre lui et le défenseur.`,
    },
    'king-unarmed': {
      title: () => 'Le roi ne prend pas',
      task: (a) =>
        `Ici, le roi ne participe pas aux prises${NB}: ni quand il se déplace, ni pour fermer un encadrement. Prenez l’assaillant de ${a.target} avec un défenseur.`,
      success: (a) => `Pris entre deux défenseurs. Si le roi était allé en ${a.to}, rien n’aurait été pris.`,
      wrong: (a) =>
        `Ce coup ne prend rien${NB}: le roi ne peut pas prendre. Prenez l’assaillant de ${a.target} avec le défenseur de ${a.from}.`,
    },
    'escape-corner': {
      title: () => 'Le roi s’évade par un coin',
      task: (a) =>
        `${a.rules.cornerStop === 'king' ? 'Seul le roi peut s’arrêter dans un coin' : 'Aucun assaillant ne peut jamais s’arrêter dans un coin'}, et les défenseurs gagnent dès que le roi atteint l’un des quatre. Trouvez-lui un chemin libre et menez-le dans un coin.`,
      success: () => `Le roi s’est évadé${NB}: les défenseurs gagnent${NB}!`,
      wrong: () => `Le roi n’a pas atteint de coin. Il peut en rejoindre un en un seul coup.`,
    },
    'escape-edge': {
      title: () => 'Le roi s’évade par le bord',
      task: () =>
        'Les défenseurs gagnent dès que le roi atteint n’importe quelle case du bord du plateau. Menez-le au bord.',
      success: () => `Le roi a atteint le bord${NB}: les défenseurs gagnent${NB}!`,
      wrong: () => 'Le roi n’a pas atteint le bord. Il peut y arriver en un seul coup.',
    },
    'king-capture-2': {
      title: () => 'Prendre le roi',
      task: (a) =>
        `Loin du trône, le roi se prend comme un soldat${NB}: encadré par deux assaillants sur une rangée ou une colonne. Prenez le roi en ${a.target}.`,
      success: () => `Le roi est pris${NB}: les assaillants gagnent${NB}!`,
      wrong: () =>
        `Le roi est toujours libre${NB}: placez un assaillant de l’autre côté, face à celui qui le touche déjà.`,
    },
    'king-capture-4': {
      title: () => 'Encercler le roi',
      task: (a) =>
        `Le roi n’est pris que lorsque des assaillants l’entourent sur ses quatre côtés${NB}; le bord du plateau ne compte jamais. Trois côtés sont fermés${NB}: prenez le roi en ${a.target}.`,
      success: () => `Encerclé sur quatre côtés${NB}: le roi est pris et les assaillants gagnent${NB}!`,
      wrong: (a) => `Le roi est toujours libre${NB}: fermez le quatrième côté de ${a.target}, en ${a.to}.`,
    },
    'king-capture-throne': {
      title: () => 'Le roi sur son trône',
      task: (a) =>
        a.rules.kingCaptureOnThrone === 'four'
          ? `Sur son trône, le roi est fort${NB}: les assaillants doivent l’entourer sur ses quatre côtés. Trois sont fermés${NB}: prenez le roi.`
          : `Ici, le trône ne protège pas le roi${NB}: il y est pris entre deux assaillants, comme partout ailleurs. Prenez le roi sur son trône.`,
      success: () => `Le roi est pris sur son trône${NB}: les assaillants gagnent${NB}!`,
      wrong: (a) =>
        a.rules.kingCaptureOnThrone === 'four'
          ? `Le roi est toujours libre${NB}: le quatrième côté, ${a.to}, est encore ouvert.`
          : `Le roi est toujours libre${NB}: placez un assaillant face à celui qui le touche déjà.`,
    },
    'king-capture-beside-throne': {
      title: () => 'Le roi à côté du trône',
      task: (a) =>
        a.rules.kingCaptureNextToThrone === 'three' || a.rules.kingCapture === 4
          ? `À côté du trône, le roi est pris quand des assaillants ferment ses trois autres côtés${NB}: le trône compte pour le quatrième. Deux sont fermés${NB}: prenez le roi en ${a.target}.`
          : `Le trône vide est hostile au roi${NB}: à côté de lui, un seul assaillant de l’autre côté le prend. Prenez le roi en ${a.target}.`,
      success: () => `Pris à côté du trône${NB}: les assaillants gagnent${NB}!`,
      wrong: (a) => `Le roi est toujours libre${NB}: fermez le côté opposé au trône, en ${a.to}.`,
    },
    'king-corner': {
      title: () => 'Le roi à côté d’un coin',
      task: (a) =>
        `Les coins sont aussi hostiles au roi${NB}: à côté de l’un d’eux, un seul assaillant de l’autre côté le prend. Prenez le roi en ${a.target}.`,
      success: () => `Pris contre le coin, à un pas de la liberté${NB}: les assaillants gagnent${NB}!`,
      wrong: (a) =>
        `Le roi est toujours libre${NB}: placez un assaillant en ${a.to}, du côté opposé au coin.`,
    },
    shield: {
      title: () => 'Le roi et son bouclier',
      task: (a) =>
        `Le roi est sur son trône, avec des assaillants sur trois côtés et un défenseur, son bouclier, sur le quatrième. L’assaillant qui vient se placer derrière le bouclier les prend tous les deux. Prenez le roi et le défenseur de ${a.target}.`,
      success: () =>
        `Les deux tombent, le bouclier et le roi sur son trône${NB}: les assaillants gagnent${NB}!`,
      wrong: (a) => `Pas encore${NB}: amenez un assaillant en ${a.to}, derrière le bouclier.`,
    },
    'all-captured': {
      title: () => 'Prendre tous les assaillants',
      task: (a) =>
        `Les défenseurs gagnent aussi en prenant tous les assaillants. Il n’en reste qu’un, en ${a.target}${NB}: prenez-le.`,
      success: () => `Il ne reste plus aucun assaillant${NB}: les défenseurs gagnent${NB}!`,
      wrong: (a) => `L’assaillant de ${a.target} est toujours là${NB}: encadrez-le entre deux défenseurs.`,
    },
    pass: {
      title: () => 'Passer son tour quand on est bloqué',
      task: () =>
        `Le camp qui ne peut déplacer aucune pièce passe son tour, et la partie continue. Vos assaillants sont emmurés${NB}: passez.`,
      success: () =>
        'Vous avez passé, c’est maintenant aux défenseurs de jouer. Si aucun des deux camps ne pouvait bouger, la partie serait nulle.',
      wrong: () => `Vos assaillants n’ont aucun coup possible${NB}: appuyez sur «${NB}Passer${NB}».`,
    },
    'blocked-loses': {
      title: () => 'Bloqué, c’est perdu',
      task: (a) =>
        `Le camp qui ne peut déplacer aucune pièce à son tour perd la partie. Seul l’assaillant de f1 peut encore bouger${NB}: bloquez-le avec le défenseur de ${a.from}.`,
      success: () => `Les assaillants ne peuvent plus bouger${NB}: les défenseurs gagnent${NB}!`,
      wrong: (a) => `Les assaillants peuvent encore bouger. Fermez-leur la dernière issue, ${a.to}.`,
    },
    repetition: {
      title: () => 'La répétition',
      task: (a) =>
        `Quand la même position se présente pour la troisième fois, avec le même camp au trait, la partie est nulle. Le roi et un assaillant ont fait deux allers-retours${NB}: ramenez le roi en ${a.to}, et la position se répétera pour la troisième fois.`,
      success: () => `Partie nulle par répétition${NB}: la même position s’est présentée trois fois.`,
      wrong: (a) => `Ce coup ne ramène pas la position. Amenez le roi de ${a.from} en ${a.to}.`,
    },
    quiet: {
      title: () => 'Les coups sans prise',
      task: (a) =>
        `Après ${a.rules.quietPlyLimit} déplacements successifs (de l’un ou l’autre camp) sans aucune prise, la partie est nulle. Les ${a.rules.quietPlyLimit - 1} derniers n’ont rien pris${NB}: prenez maintenant le défenseur de ${a.target}.`,
      success: () => `La prise remet le compte à zéro${NB}: la partie continue.`,
      wrong: (a) =>
        `Ce coup n’a rien pris${NB}: c’était le ${a.rules.quietPlyLimit}e déplacement de suite sans prise, et la partie serait nulle. Prenez le défenseur de ${a.target}.`,
    },
  },
  title: 'Apprendre à jouer',
  intro: `De courtes leçons pour chaque variante${NB}: chacune installe une position et vous demande le coup qui montre une règle.`,
  progress: (done, total) => `${done} leçon${done > 1 ? 's' : ''} faite${done > 1 ? 's' : ''} sur ${total}`,
  allRulesets: 'Toutes les variantes',
  courseOf: (name) => `Leçons${NB}: ${name}`,
  rulesLink: 'Lire les règles',
  learnByPlaying: 'Apprendre en jouant',
  start: 'Commencer',
  continue: 'Continuer',
  done: 'faite',
  lessonOf: (n, total) => `Leçon ${n} sur ${total}`,
  youPlay: (side) => (side === 'attackers' ? 'Vous jouez les assaillants.' : 'Vous jouez les défenseurs.'),
  tryAgain: 'Réessayer',
  nextLesson: 'Leçon suivante',
  backToCourse: 'Retour au cours',
  wellDone: `Bravo${NB}!`,
  notQuite: 'Pas tout à fait.',
  finished: 'Vous avez fait toutes les leçons de ce cours.',
  pass: 'Passer',
  noLesson: 'Cette leçon n’existe pas dans cette variante.',
  noLessons: 'Cette variante n’a pas de leçons (les leçons sont faites pour le plateau de 7 cases sur 7).',
};
