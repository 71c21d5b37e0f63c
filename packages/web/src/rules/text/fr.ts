/**
 * Français, dans la langue du dépliant du Globe Joueur : assaillants, défenseurs, roi, trône,
 * coins, prise par encadrement, cases hostiles. Les mots propres à une source (gardes, princes,
 * brannán, refuges…) n’apparaissent que sur la page de cette source, dans sa phrase de vocabulaire.
 * Le glossaire (src/i18n/glossary.ts) donne le mot de chaque chose et ceux qu’on n’emploie pas
 * (pion pour un soldat, attaquant, s’échapper…) ; test/words.test.ts le vérifie.
 */

import { type RuleSource, type SourceKind } from '@tafl/core';
import type { RulesText, TermPair } from './en.js';
import { RULESET_NAMES } from '../names.js';

const s = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

const list = (items: readonly string[], and: string): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)!}`;

// Typographie française : espace fine insécable avant : ; ? ! et dans les guillemets.
const NB = '\u202f';

const SOURCE_NOUN: { readonly [k in SourceKind]: string } = {
  leaflet: 'du dépliant',
  article: 'de l’article',
  blog: 'du billet de blog',
  program: 'du logiciel',
  federation: 'de la fédération',
};
const LANGUAGE = { es: 'en espagnol', en: 'en anglais', fr: 'en français' } as const;

/** Une source en une ligne : «  Dépliant « Ard-ri et Brandub » du Globe Joueur, en français ». */
function source(src: RuleSource): string {
  if (src.kind === 'program') return `Le ${src.title} intégré à ${src.by ?? ''}`;
  if (src.kind === 'federation') return `Les règles du ${src.title} de la ${src.by ?? ''}`;
  const kind = { leaflet: 'Dépliant', article: 'Article', blog: 'Billet de blog' }[src.kind];
  const by = src.by ? ` ${src.by.startsWith('Le ') ? `du ${src.by.slice(3)}` : `de ${src.by}`}` : '';
  const year = src.year ? ` (${src.year})` : '';
  const language = src.language ? `, ${LANGUAGE[src.language]}` : '';
  return `${kind} «${NB}${src.title}${NB}»${by}${year}${language}`;
}

export const fr: RulesText = {
  list: (items) => list(items, 'et'),
  orList: (items) => list(items, 'ou'),

  sections: {
    board: 'Le plateau et les pièces',
    turn: 'Qui commence',
    moves: 'Déplacements des pions',
    throne: 'Le trône',
    corners: 'Les coins',
    captures: 'Captures',
    king: 'La capture du roi',
    end: 'Fin de partie',
    draws: 'Partie nulle',
  },

  board: {
    squares: (size, throne, corners) =>
      `Le jeu se joue sur un plateau de ${size} cases sur ${size}. La case centrale, ${throne}, est le trône du roi${NB}; les quatre coins, ${corners}, sont aussi des cases marquées.`,
    sides: `Deux camps s’affrontent${NB}: les assaillants, avec les pions foncés, et les défenseurs, avec les pions clairs, dont le plus haut est leur roi.`,
    terms: (kind: SourceKind, pairs: readonly TermPair[]) =>
      `Vocabulaire ${SOURCE_NOUN[kind]}${NB}: ${list(
        pairs.map(([ours, theirs]) => `«${NB}${theirs}${NB}» pour ${ours}`),
        'et',
      )}.`,
    layoutBrandubh: (a, d) =>
      `Position de départ du Brandubh${NB}: ${s(a, 'assaillant', 'assaillants')} et ${s(d, 'défenseur', 'défenseurs')} forment une croix, le roi sur son trône au centre.`,
    layoutArdRi: (a, d) =>
      `Position de départ de l’Ard-ri${NB}: ${s(a, 'assaillant entoure', 'assaillants entourent')} ${s(d, 'défenseur', 'défenseurs')}, le roi sur son trône au centre.`,
    layoutCustom: (a, d, king) =>
      `Une disposition propre${NB}: ${s(a, 'assaillant', 'assaillants')}, ${s(d, 'défenseur', 'défenseurs')} et le roi en ${king}.`,
    layoutNoKing: (a, d) =>
      `Une disposition propre${NB}: ${s(a, 'assaillant', 'assaillants')} et ${s(d, 'défenseur', 'défenseurs')}.`,
  },

  turn: {
    attackers: `Les assaillants commencent${NB}; puis les joueurs jouent à tour de rôle une pièce chacun.`,
    defenders: `Les défenseurs commencent${NB}; puis les joueurs jouent à tour de rôle une pièce chacun.`,
  },

  moves: {
    orthogonal:
      'Les déplacements se font horizontalement ou verticalement, jamais en diagonale. Il n’est pas possible de sauter par-dessus un autre pion, ami ou ennemi, ni de s’arrêter sur une case occupée.',
    allRook:
      'Toutes les pièces, le roi compris, se déplacent d’autant de cases libres qu’elles le souhaitent, comme la tour aux échecs.',
    allStep:
      'Toutes les pièces, le roi compris, se déplacent d’une seule case, vers une case libre adjacente.',
    soldiersRook:
      'Les soldats se déplacent d’autant de cases libres qu’ils le souhaitent, comme la tour aux échecs.',
    soldiersStep: 'Les soldats se déplacent d’une seule case, vers une case libre adjacente.',
    kingRook: 'Le roi se déplace d’autant de cases libres qu’il le souhaite, comme une tour.',
    kingStep: 'Le roi ne se déplace que d’une case.',
  },

  throne: {
    onlyKing: (throne) => `Seul le roi peut s’arrêter sur le trône (${throne}).`,
    returns: 'Le roi peut quitter son trône et y revenir à volonté.',
    noReturn: `Dès que le roi a quitté son trône, aucune pièce ne peut plus s’y arrêter, pas même le roi.`,
    passEveryone: 'Toute pièce peut passer par le trône vide lors d’un déplacement, sans s’y arrêter.',
    passKing: `Seul le roi peut passer par le trône vide${NB}; les soldats doivent le contourner.`,
    passNone: 'Comme chaque pièce avance d’une case à la fois, aucune ne passe jamais par le trône.',
    hostileAll: `Le trône vide est hostile à toutes les pièces, même au roi${NB}: il aide à prendre n’importe quelle pièce, comme une pièce ennemie.`,
    hostileNone: `Le trône n’est hostile à personne, pas même au roi${NB}: il n’aide jamais à prendre.`,
    hostileAlwaysAll: `Le trône, occupé ou non, est hostile à tous les soldats, comme une pièce ennemie${NB}; le trône vide aide aussi à prendre le roi.`,
    attackersAlways: `Le trône est hostile aux assaillants même quand le roi l’occupe${NB}: il aide les défenseurs à les prendre.`,
    attackersEmpty: `Le trône vide est hostile aux assaillants${NB}: il aide les défenseurs à les prendre.`,
    attackersNever: 'Le trône n’est jamais hostile aux assaillants.',
    defendersAlways: `Le trône est hostile aux défenseurs, vide ou occupé par le roi${NB}: il aide les assaillants à les prendre.`,
    defendersEmpty: `Le trône vide est hostile aux défenseurs${NB}: il aide les assaillants à les prendre.`,
    defendersNever: 'Le trône n’est jamais hostile aux défenseurs.',
    kingHostile: 'Le trône vide aide aussi à prendre le roi.',
    kingNotHostile: 'Le trône vide n’aide jamais à prendre le roi.',
  },

  corners: {
    onlyKing: (corners) => `Seul le roi peut s’arrêter sur un coin (${corners}).`,
    kingAndDefenders: (corners) =>
      `Le roi et les défenseurs peuvent occuper les coins (${corners})${NB}; les assaillants, non.`,
    hostile: `Les coins vides sont hostiles à toutes les pièces, même au roi${NB}: une pièce à côté d’un coin est prise par un seul adversaire de l’autre côté.`,
    hostileSoldiers: `Les coins vides sont hostiles aux soldats des deux camps${NB}: un soldat à côté d’un coin est pris par un seul adversaire de l’autre côté. (Le roi à côté d’un coin est sur le bord, où il ne peut pas être pris.)`,
    notHostile: `Les coins ne sont hostiles à personne${NB}: ils n’aident jamais à prendre.`,
    onTheEdge: `Les coins sont des cases du bord comme les autres${NB}: le roi qui en atteint un s’évade.`,
    defenderCounts: `Un coin occupé par un défenseur compte comme ce défenseur${NB}: il aide à prendre les assaillants, jamais les défenseurs.`,
    immune:
      'Une pièce située sur un coin ne peut pas être prise. (Sur ce plateau, dont le bord n’aide jamais à prendre, une pièce sur un coin ne pourrait de toute façon pas être prise.)',
  },

  captures: {
    custodial:
      'Une pièce est prise quand un adversaire se place à côté d’elle de sorte qu’elle soit encadrée, horizontalement ou verticalement (jamais en diagonale), entre la pièce déplacée et une autre pièce adverse, ou une case qui lui est hostile. Elle est définitivement retirée du plateau.',
    active: `C’est le déplacement qui permet de prendre${NB}: un pion qui se place volontairement entre deux adversaires n’est pas pris.`,
    several: 'Un déplacement peut prendre plusieurs pièces, chacune encadrée individuellement.',
    edge: 'Coincer une pièce contre le bord du plateau ne la prend pas.',
    optional: 'La prise n’est pas obligatoire.',
    kingArmed:
      'Le roi participe aux prises comme n’importe quel défenseur, aussi bien en se déplaçant qu’en fermant un encadrement de l’autre côté.',
    kingUnarmed: `Le roi ne participe pas aux prises${NB}: ses déplacements ne prennent rien, et il ne sert jamais à fermer un encadrement.`,
  },

  king: {
    byTwo: 'Le roi est pris comme un soldat, encadré par deux assaillants, horizontalement ou verticalement.',
    byTwoWith: (squares) =>
      `Le roi est pris comme un soldat, encadré par deux assaillants, horizontalement ou verticalement, ou entre un assaillant et ${squares}.`,
    byFour:
      'Le roi n’est pris que s’il est encadré sur ses quatre côtés par des assaillants. Le bord du plateau ne compte jamais, et sur le bord il ne peut donc pas être pris.',
    byFourWith: (squares) =>
      `Le roi n’est pris que s’il est encadré sur ses quatre côtés, par des assaillants ou par ${squares}. Le bord du plateau ne compte jamais, et sur le bord il ne peut donc pas être pris.`,
    emptyThrone: 'le trône vide',
    aCorner: 'un coin',
    theCorners: 'les coins',
    onThroneFour:
      'S’il est sur le trône, il ne peut être pris que par quatre assaillants, sur ses quatre côtés.',
    onThroneFourToo: 'Sur le trône aussi, il faut quatre assaillants.',
    onThroneTwo: 'Sur le trône aussi, deux assaillants suffisent.',
    nextThree: (squares) =>
      `S’il est sur une case adjacente au trône (${squares}), trois assaillants sont nécessaires, sur ses trois autres côtés${NB}: le trône vide ferme le quatrième.`,
    nextByHostileThrone: (squares) =>
      `À côté du trône (${squares}), trois assaillants suffisent, car le trône vide ferme le quatrième côté.`,
    nextSafe: (squares) =>
      `À côté du trône (${squares}), il ne peut pas être pris, car le trône n’aide pas à le prendre.`,
    shield: `Le roi et son bouclier${NB}: si le roi est sur son trône entouré par trois assaillants et un défenseur, et qu’un quatrième assaillant se place de façon à prendre en tenaille le défenseur entre lui et le roi, le défenseur et le roi sont pris en même temps, et les assaillants gagnent.`,
  },

  end: {
    escapeCorners: 'Les défenseurs gagnent dès que le roi atteint un des quatre coins du plateau.',
    escapeEdge: 'Les défenseurs gagnent dès que le roi atteint une des cases du bord du plateau.',
    kingCaptured: 'Les assaillants gagnent dès qu’ils capturent le roi.',
    allCaptured: 'Les défenseurs gagnent aussi en prenant tous les assaillants.',
    blockedLoses: 'Le camp qui ne peut faire aucun déplacement à son tour perd la partie.',
    blockedPasses: `Le camp qui ne peut faire aucun déplacement passe son tour (il est interdit de passer sinon)${NB}; si aucun des deux camps ne peut jouer, la partie est nulle.`,
    announce: `Si le roi est en position de sortir au tour suivant, les défenseurs doivent l’annoncer en précisant «${NB}une ou deux sorties${NB}»${NB}; faute de quoi, sa sortie n’est pas validée et les assaillants peuvent rejouer leur dernière pièce.`,
  },

  draws: {
    repetition:
      'Quand la même position se présente pour la troisième fois avec le même camp au trait, la partie est nulle (la position de départ compte comme la première fois).',
    noRepetition: 'Répéter une position ne termine pas la partie.',
    quiet: (n) =>
      `Après ${s(n, 'déplacement', 'déplacements')} successifs (de l’un ou l’autre camp) sans aucune prise, la partie est déclarée nulle.`,
    agreement:
      'Les joueurs peuvent aussi convenir d’une partie nulle à tout moment, et chacun peut abandonner.',
  },

  marks: {
    reading: 'interprétation',
    'house rule': 'règle maison',
  },

  notes: {
    repetition: `Ces règles ne prévoient pas de partie nulle${NB}: ici, la troisième occurrence d’une position, même camp au trait, est nulle.`,
    kingArmed: `Les règles ne disent pas si le roi prend${NB}: il prend, comme toute pièce des défenseurs.`,
    kingUnarmed: `Une pièce est prise entre deux «${NB}peones${NB}» (soldats) adverses${NB}: le roi, qui n’est pas un soldat, ne prend pas.`,
    layoutArdRi: `L’article ne donne pas de position de départ${NB}: celle de l’Ard-ri, deux assaillants par défenseur, comme il le dit.`,
    kingEnclosed: `L’article dit seulement que les noirs gagnent s’ils parviennent à «${NB}l’enfermer${NB}» («${NB}encerrarlo${NB}»)${NB}: ici, sur ses quatre côtés.`,
    repetitionThird: `L’article parle seulement de «${NB}la repetición de jugadas${NB}»${NB}: ici, la troisième occurrence, même camp au trait.`,
    firstToMove: `Le dépliant ne dit pas qui commence${NB}: ce sont les assaillants.`,
    thronePassage: `Le dépliant interdit d’occuper le centre vide et ne dit rien du passage${NB}: on peut le traverser.`,
    defendersMeansAttackers: `Le dépliant dit qu’ici les «${NB}Defenders${NB}» (défenseurs) doivent l’entourer${NB}: il veut dire les assaillants.`,
    blockedLoses: `Le dépliant ne dit rien d’un camp qui ne peut pas jouer${NB}: il perd.`,
    bothBlocked: `Le dépliant ne dit pas ce qui arrive si aucun camp ne peut jouer${NB}: la partie est nulle.`,
    quietPlies: `Les «${NB}vingt déplacements successifs${NB}» sont comptés coup par coup, de l’un ou l’autre camp.`,
    kingAgainstCorner: `Le dépliant ne fait d’exception pour le brannán que sur le trône et à côté${NB}: un seul assaillant le prend contre un refuge vide.`,
    defenderOnCorner: `Le dépliant permet aux défenseurs d’occuper les coins, sans en dire plus${NB}: un coin occupé par l’un d’eux compte comme ce défenseur, de même que le trône occupé par le roi compte comme le roi.`,
    kingAndShield: `Seulement si c’est le déplacement de l’assaillant qui fait la tenaille${NB}: compléter les trois côtés alors qu’un assaillant est déjà derrière le prince ne prend rien.`,
    escapeAnnouncement: `L’application annonce elle-même chaque sortie ouverte${NB}: l’annonce ne manque jamais et la pénalité ne s’applique pas.`,
    agreement: `Aucune source n’en parle${NB}: l’application ajoute la nulle par accord et l’abandon à toutes les variantes.`,
  },

  terms: {
    attackers: 'les assaillants',
    defenders: 'les défenseurs',
    soldiers: 'les soldats',
    king: 'le roi',
    throne: 'le trône',
    corners: 'les coins',
  },

  captions: {
    custodial: (a) =>
      `Les assaillants jouent ${a.move}${NB}: le défenseur en ${a.captured} est encadré par deux assaillants et pris.`,
    notCaptured: (a) =>
      `Les défenseurs jouent ${a.move}, entre deux assaillants${NB}: rien n’est pris, car c’est le déplacement qui permet de prendre.`,
    multiple: (a) =>
      `Les défenseurs jouent ${a.move} et prennent en même temps les assaillants en ${a.captured}, chacun encadré individuellement.`,
    throneDefender: (a) =>
      `Le roi a quitté son trône. Les assaillants jouent ${a.move}${NB}: le défenseur en ${a.captured} est pris contre le trône vide.`,
    throneDefenderOccupied: (a) =>
      `Les assaillants jouent ${a.move}${NB}: le défenseur en ${a.captured} est pris contre le trône, même occupé par le roi.`,
    throneAttacker: (a) =>
      `Le roi a quitté son trône. Les défenseurs jouent ${a.move}${NB}: l’assaillant en ${a.captured} est pris contre le trône vide.`,
    throneAttackerOccupied: (a) =>
      `Les défenseurs jouent ${a.move}${NB}: l’assaillant en ${a.captured} est pris contre le trône occupé par le roi.`,
    corner: (a) =>
      `Les assaillants jouent ${a.move}${NB}: le défenseur en ${a.captured} est pris contre le coin.`,
    cornerDefender: (a) =>
      `Un défenseur peut occuper un coin${NB}: il joue ${a.move} et prend l’assaillant en ${a.captured}.`,
    kingArmed: (a) =>
      `Le roi joue ${a.move} et prend l’assaillant en ${a.captured}, comme n’importe quel défenseur.`,
    kingUnarmed: (a) =>
      `Le roi joue ${a.move}${NB}: l’assaillant en ${a.spared} n’est pas pris, car le roi ne participe pas aux prises.`,
    kingTwo: (a) =>
      `Les assaillants jouent ${a.move}${NB}: le roi en ${a.captured} est encadré par deux assaillants et pris.`,
    kingCorner: (a) =>
      `Les assaillants jouent ${a.move}${NB}: le roi en ${a.captured} est pris contre le coin.`,
    kingThroneHostile: (a) =>
      `Les assaillants jouent ${a.move}${NB}: le roi en ${a.captured} est pris contre le trône vide.`,
    kingThroneSafe: (a) =>
      `Les assaillants jouent ${a.move}${NB}: le roi en ${a.spared} n’est pas pris, car le trône vide n’aide pas à le prendre.`,
    kingOnThroneTwo: (a) =>
      `Les assaillants jouent ${a.move}${NB}: deux assaillants prennent le roi en ${a.captured}, même sur son trône.`,
    kingOnThroneFour: (a) =>
      `Les assaillants jouent ${a.move}${NB}: le roi, encadré sur son trône (${a.captured}) par quatre assaillants, est pris.`,
    kingNextToThrone: (a) =>
      `Les assaillants jouent ${a.move}${NB}: le roi en ${a.captured}, à côté du trône, est encadré sur trois côtés, le trône vide fermant le quatrième, et pris.`,
    kingNextToThroneSafe: (a) =>
      `Les assaillants jouent ${a.move}${NB}: le roi en ${a.spared}, à côté du trône, n’est pas pris par trois assaillants, car le trône n’aide pas à le prendre.`,
    kingEnclosed: (a) =>
      `Les assaillants jouent ${a.move}${NB}: le roi en ${a.captured} est encadré sur ses quatre côtés et pris.`,
    kingEdge: (a) =>
      `Les assaillants jouent ${a.move}${NB}: le roi en ${a.spared} n’est pas pris, car le bord ne compte jamais.`,
    kingShield: (a) =>
      `Les assaillants jouent ${a.move}${NB}: le roi et le défenseur qui le protège, en ${a.captured}, sont pris en même temps.`,
    kingShieldNone: (a) =>
      `Les assaillants jouent ${a.move} et complètent les trois côtés alors qu’un assaillant est déjà derrière le défenseur${NB}: rien n’est pris.`,
    escapeCorner: (a) => `Le roi joue ${a.move} et atteint un coin${NB}: les défenseurs gagnent.`,
    escapeEdge: (a) => `Le roi joue ${a.move} et atteint le bord${NB}: les défenseurs gagnent.`,
  },

  names: RULESET_NAMES.fr,

  source,
  customSource: 'Vos propres règles, faites dans l’éditeur de règles',

  oneLine: {
    separator: `${NB}; `,
    noReturn: 'le roi ne revient pas au trône',
    brandubh: 'position de départ du Brandubh',
    ardRi: 'position de départ de l’Ard-ri',
    custom: 'disposition propre',
    defendersFirst: 'les défenseurs commencent',
    kingSteps: 'le roi avance d’une case',
    allStep: 'toutes les pièces avancent d’une case',
    kingByTwo: 'roi pris par 2',
    kingByFour: 'roi pris par 4',
    nextThree: '3 à côté du trône',
    onThroneFour: '4 sur le trône',
    onThroneTwo: '2 sur le trône aussi',
    shield: 'le roi et son bouclier',
    escapeCorners: 'sortie par les coins',
    escapeEdge: 'sortie par le bord',
    quiet: (n) => `nulle après ${n} déplacements sans prise`,
  },

  ui: {
    title: 'Règles',
    intro: `Chaque variante, expliquée à partir de ses paramètres. Là où un dépliant se tait ou reste ambigu, le choix fait ici porte la marque «${NB}interprétation${NB}»${NB}; ce qu’ajoute l’application porte la marque «${NB}règle maison${NB}».`,
    leaflets: 'D’après les dépliants',
    references: 'Variantes de référence d’autres logiciels',
    yours: 'Vos variantes',
    noneYet: `Aucune pour l’instant${NB}: créez-en une dans l’éditeur de règles.`,
    openEditor: 'Ouvrir l’éditeur de règles',
    allRulesets: 'Toutes les variantes',
    notFound: (id) => `Il n’y a pas de variante «${NB}${id}${NB}».`,
    source: 'Source',
    play: 'Jouer cette variante',
    editCopy: 'Modifier une copie',
    edit: 'Modifier',
    marksLegend: 'Marques',
    readingLegend: `une interprétation${NB}: le dépliant se tait ou reste ambigu, et voici le choix fait ici.`,
    houseRuleLegend: `une règle maison${NB}: l’application l’ajoute${NB}; le dépliant ne la dit pas.`,
    startPosition: 'Position des pièces en début de jeu',
    diagram: 'Diagramme',
    otnTitle: 'Règles en notation OTN',
    otnHelp:
      'Cette variante en une ligne de notation OpenTafl, pour d’autres logiciels de tafl ou l’éditeur de règles.',
    copy: 'Copier',
    copied: 'Copié',
  },

  editor: {
    title: 'Éditeur de règles',
    intro: `Modifiez n’importe quelle règle, placez les pièces de départ et enregistrez${NB}: vos variantes apparaissent sur l’écran d’accueil, prêtes à jouer.`,
    startFrom: 'Partir de',
    chooseRuleset: 'Choisir une variante…',
    name: 'Nom',
    defaultName: 'Mes règles',
    copyName: (name) => `${name} (ma copie)`,
    save: 'Enregistrer',
    saved: 'Enregistré.',
    delete: 'Supprimer',
    deleted: 'Supprimé.',
    confirmDelete: (name) => `Supprimer «${NB}${name}${NB}»${NB}?`,
    play: 'Enregistrer et jouer',
    rulesPage: 'Page des règles',
    invalid: 'Corrigez la position de départ avant d’enregistrer.',
    position: 'Position de départ',
    positionHelp: `Choisissez une pièce, puis touchez des cases pour la placer${NB}; touchez de nouveau une pièce pour la retirer.`,
    tools: 'Pièce à placer',
    toolAttacker: 'Assaillant',
    toolDefender: 'Défenseur',
    toolKing: 'Roi',
    toolEmpty: 'Retirer',
    clear: 'Vider le plateau',
    layoutBrandubh: 'Position de départ du Brandubh',
    layoutArdRi: 'Position de départ de l’Ard-ri',
    positionOk: 'La position est valide.',
    board: 'Éditeur de la position de départ',
    exportTitle: 'Exporter',
    exportHelp: 'Cette variante en notation OTN.',
    download: 'Télécharger',
    importTitle: 'Importer',
    importHelp:
      'Collez des règles en notation OTN et importez-les (elles remplacent le contenu de l’éditeur).',
    importButton: 'Importer',
    imported: 'Importé.',
    importError: `Ces règles ne peuvent pas être lues${NB}:`,
    preview: 'Lire ces règles',
    yes: 'oui',
    no: 'non',
  },

  issues: {
    ERR_NO_KING: `La position n’a pas de roi${NB}: placez-en exactement un.`,
    ERR_KINGS: (n) => `La position a ${n} rois${NB}: il en faut exactement un.`,
    ERR_THRONE: (square) => `Seul le roi peut occuper le trône, mais un soldat occupe ${square}.`,
    ERR_ATTACKER_CORNER: (square) => `Un assaillant ne peut pas occuper le coin ${square}.`,
    ERR_DEFENDER_CORNER: (square) =>
      `Avec ces règles, un défenseur ne peut pas occuper le coin ${square} (seul le roi peut s’arrêter sur les coins).`,
    ERR_KING_ESCAPED: (square) =>
      `Le roi est en ${square}, une case de sortie${NB}: la partie serait finie avant de commencer.`,
    ERR_NO_ATTACKERS: 'La position n’a aucun assaillant.',
    ERR_OTHER: (message) => `La position n’est pas valide${NB}: ${message}`,
  },

  parameters: {
    size: { label: 'Plateau', help: 'Toutes les variantes d’ici se jouent sur 7 cases sur 7.' },
    layout: {
      label: 'Disposition',
      help: 'Une position de départ connue, ou la vôtre (modifiez-la plus bas).',
    },
    start: { label: 'Position de départ', help: 'Placez les pièces sur le plateau plus bas.' },
    firstToMove: { label: 'Commencent', help: 'Le camp qui joue le premier coup de la partie.' },
    soldierMove: {
      label: 'Les soldats se déplacent',
      help: 'De combien se déplacent assaillants et défenseurs.',
    },
    kingMove: { label: 'Le roi se déplace', help: 'De combien se déplace le roi.' },
    kingReturns: {
      label: 'Le roi peut revenir sur le trône',
      help: 'Sinon, dès qu’il l’a quitté, aucune pièce ne peut plus s’y arrêter.',
    },
    thronePassage: {
      label: 'Qui peut passer par le trône vide',
      help: 'Le traverser sans s’y arrêter (seul le roi s’y arrête).',
    },
    throneHostileToAttackers: {
      label: 'Trône hostile aux assaillants',
      help: 'Quand le trône aide les défenseurs à prendre un assaillant, comme un défenseur.',
    },
    throneHostileToDefenders: {
      label: 'Trône hostile aux défenseurs',
      help: 'Quand le trône aide les assaillants à prendre un défenseur, comme un assaillant.',
    },
    throneHostileToKing: {
      label: 'Trône vide hostile au roi',
      help: 'Si le trône vide aide aussi à prendre le roi.',
    },
    cornerStop: { label: 'Qui peut s’arrêter sur un coin', help: 'Jamais les assaillants.' },
    cornersHostile: {
      label: 'Coins hostiles',
      help: 'Les coins vides aident à prendre toute pièce à côté d’eux, le roi compris.',
    },
    cornerImmune: {
      label: 'Une pièce sur un coin ne peut pas être prise',
      help: `Sur un plateau de 7 sur 7 au bord neutre, cela n’arrive jamais${NB}; gardé par souci d’exhaustivité.`,
    },
    kingArmed: {
      label: 'Le roi prend',
      help: 'Si le roi participe aux prises, en se déplaçant et en fermant un encadrement.',
    },
    kingCapture: {
      label: 'Le roi est pris',
      help: 'Par deux assaillants comme un soldat, ou seulement encadré sur ses quatre côtés (le bord ne compte jamais).',
    },
    kingCaptureOnThrone: {
      label: 'Sur le trône, le roi est pris',
      help: 'Par des assaillants sur ses quatre côtés, ou comme ailleurs.',
    },
    kingCaptureNextToThrone: {
      label: 'À côté du trône, le roi est pris',
      help: 'Par trois assaillants sur ses côtés libres, le trône vide fermant le quatrième, ou comme ailleurs.',
    },
    kingAndShield: {
      label: 'Le roi et son bouclier',
      help: `Le roi sur son trône avec trois assaillants et un défenseur${NB}: un assaillant derrière ce défenseur prend les deux.`,
    },
    escape: { label: 'Le roi s’évade par', help: 'Atteindre une de ces cases fait gagner les défenseurs.' },
    allAttackersCapturedWins: {
      label: 'Prendre tous les assaillants fait gagner',
      help: 'Les défenseurs gagnent aussi en prenant tous les assaillants.',
    },
    blocked: {
      label: 'Un camp sans déplacement possible',
      help: 'Si les deux camps sont bloqués et passent, partie nulle.',
    },
    repetitionDraws: {
      label: 'Nulle à la troisième répétition',
      help: 'La même position pour la troisième fois, avec le même camp au trait.',
    },
    quietPlyLimit: {
      label: 'Nulle après tant de coups sans prise',
      help: `Coups simples de l’un ou l’autre camp${NB}; 0 pour aucune limite.`,
    },
  },

  values: {
    layout: { brandubh: 'Brandubh', 'ard-ri': 'Ard-ri', custom: 'La vôtre' },
    side: { attackers: 'Les assaillants', defenders: 'Les défenseurs' },
    move: { rook: 'D’autant de cases que voulu (comme la tour)', step: 'D’une case' },
    hostility: { always: 'Toujours, même occupé', empty: 'Quand il est vide', never: 'Jamais' },
    passage: { everyone: 'Toutes les pièces', king: 'Le roi seul' },
    cornerStop: { king: 'Le roi seul', 'king-and-defenders': 'Le roi et les défenseurs' },
    kingCapture: { 2: 'Par deux, comme un soldat', 4: 'Par quatre, encadré de tous côtés' },
    onThrone: { four: 'Par quatre assaillants', elsewhere: 'Comme ailleurs' },
    nextToThrone: { three: 'Trois assaillants et le trône', elsewhere: 'Comme ailleurs' },
    escape: { corners: 'Les coins', edge: 'Toute case du bord' },
    blocked: { loses: 'Perd', passes: 'Passe' },
  },
};
