/**
 * Español: atacantes, defensores, rey, soldados, trono, esquinas, casillas hostiles. Las palabras
 * propias de cada folleto (negras y blancas, casillas de Salida, peones…) solo aparecen en la
 * página de ese folleto, en la frase de su vocabulario. El glosario (src/i18n/glossary.ts) da la
 * palabra de cada cosa y las que no se usan; test/words.test.ts lo comprueba.
 */

import { type RuleSource, type SourceKind } from '@tafl/core';
import type { CaptionArgs, RulesText, TermPair } from './en.js';
import { RULESET_NAMES } from '../names.js';

const SOURCE_NOUN: { readonly [k in SourceKind]: string } = {
  leaflet: 'del folleto',
  article: 'del artículo',
  blog: 'de la entrada del blog',
  program: 'del programa',
  federation: 'de la federación',
};
const LANGUAGE = { es: 'en español', en: 'en inglés', fr: 'en francés' } as const;

/** Una fuente en una línea: «Folleto «Bran-dubh» de La Plazoleta artesanos, en español». */
function source(src: RuleSource): string {
  if (src.kind === 'program') return `El ${src.title} incluido en ${src.by ?? ''}`;
  if (src.kind === 'federation') return `Las reglas del ${src.title} de la ${src.by ?? ''}`;
  const kind = { leaflet: 'Folleto', article: 'Artículo', blog: 'Entrada de blog' }[src.kind];
  const by = src.by ? ` de ${src.by}` : '';
  const year = src.year ? ` (${src.year})` : '';
  const language = src.language ? `, ${LANGUAGE[src.language]}` : '';
  return `${kind} «${src.title}»${by}${year}${language}`;
}

const s = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

const list = (items: readonly string[], and: string): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)!}`;

export const es: RulesText = {
  list: (items) => list(items, 'y'),
  orList: (items) => list(items, 'o'),

  sections: {
    board: 'El tablero y las piezas',
    turn: 'Quién empieza',
    moves: 'Cómo se mueven las piezas',
    throne: 'El trono',
    corners: 'Las esquinas',
    captures: 'Capturas',
    king: 'La captura del rey',
    end: 'Cómo termina la partida',
    draws: 'Tablas',
  },

  board: {
    squares: (size, throne, corners) =>
      `Se juega sobre un tablero de ${size}x${size} casillas. La casilla central, ${throne}, es el trono; las cuatro esquinas, ${corners}, son también casillas especiales.`,
    sides:
      'Se enfrentan dos bandos: los atacantes, con las piezas oscuras, y los defensores, con las piezas claras y su rey.',
    terms: (kind: SourceKind, pairs: readonly TermPair[]) =>
      `Vocabulario ${SOURCE_NOUN[kind]}: ${list(
        pairs.map(([ours, theirs]) => `«${theirs}» para ${ours}`),
        'y',
      )}.`,
    layoutBrandubh: (a, d) =>
      `Disposición inicial del Brandubh: ${s(a, 'atacante', 'atacantes')} y ${s(d, 'defensor', 'defensores')} forman una cruz, con el rey en el trono, en el centro.`,
    layoutArdRi: (a, d) =>
      `Disposición inicial del Ard Ri: ${s(a, 'atacante rodea', 'atacantes rodean')} a ${s(d, 'defensor', 'defensores')}, con el rey en el trono, en el centro.`,
    layoutCustom: (a, d, king) =>
      `Una disposición propia: ${s(a, 'atacante', 'atacantes')}, ${s(d, 'defensor', 'defensores')} y el rey en ${king}.`,
    layoutNoKing: (a, d) =>
      `Una disposición propia: ${s(a, 'atacante', 'atacantes')} y ${s(d, 'defensor', 'defensores')}.`,
  },

  turn: {
    attackers: 'Empiezan los atacantes; después, los jugadores se turnan y cada uno mueve una sola pieza.',
    defenders: 'Empiezan los defensores; después, los jugadores se turnan y cada uno mueve una sola pieza.',
  },

  moves: {
    orthogonal:
      'Las piezas se mueven en línea recta, a lo largo de una fila o una columna; no existe el movimiento diagonal. Ninguna pieza salta por encima de otra ni termina su movimiento en una casilla ocupada.',
    allRook:
      'Todas las piezas, el rey incluido, recorren cualquier número de casillas libres, como la torre en el ajedrez.',
    allStep: 'Todas las piezas, el rey incluido, se mueven una sola casilla, a una casilla vecina libre.',
    soldiersRook: 'Los soldados recorren cualquier número de casillas libres, como la torre en el ajedrez.',
    soldiersStep: 'Los soldados se mueven una sola casilla, a una casilla vecina libre.',
    kingRook: 'El rey recorre cualquier número de casillas libres, como una torre.',
    kingStep: 'El rey solo puede moverse una casilla.',
  },

  throne: {
    onlyKing: (throne) => `Solo el rey puede detenerse en el trono (${throne}).`,
    returns: 'El rey puede salir del trono y volver a él a placer.',
    noReturn:
      'Cuando el rey abandona el trono, ninguna pieza puede volver a detenerse en él, ni siquiera el rey.',
    passEveryone: 'Cualquier pieza puede pasar a través del trono desocupado, sin terminar sobre él.',
    passKing: 'Solo el rey puede pasar a través del trono desocupado; los soldados deben rodearlo.',
    passNone: 'Como todas las piezas se mueven de casilla en casilla, ninguna pasa nunca a través del trono.',
    hostileAll:
      'El trono vacío es hostil a todas las piezas, el rey incluido: ayuda a capturar cualquier pieza, como si fuera una pieza enemiga.',
    hostileNone: 'El trono no es hostil a nadie, tampoco al rey: nunca ayuda a capturar.',
    hostileAlwaysAll:
      'El trono, esté ocupado o no, es hostil a todos los soldados, como si fuera una pieza enemiga; el trono vacío también sirve para capturar al rey.',
    attackersAlways:
      'El trono es hostil a los atacantes aunque el rey esté en él: ayuda a los defensores a capturarlos.',
    attackersEmpty: 'El trono vacío es hostil a los atacantes: ayuda a los defensores a capturarlos.',
    attackersNever: 'El trono nunca es hostil a los atacantes.',
    defendersAlways:
      'El trono es hostil a los defensores, esté vacío o con el rey en él: ayuda a los atacantes a capturarlos.',
    defendersEmpty: 'El trono vacío es hostil a los defensores: ayuda a los atacantes a capturarlos.',
    defendersNever: 'El trono nunca es hostil a los defensores.',
    kingHostile: 'El trono vacío también sirve para capturar al rey.',
    kingNotHostile: 'El trono vacío nunca sirve para capturar al rey.',
  },

  corners: {
    onlyKing: (corners) => `Solo el rey puede detenerse en una esquina (${corners}).`,
    kingAndDefenders: (corners) =>
      `El rey y los defensores pueden detenerse en las esquinas (${corners}); los atacantes no.`,
    hostile:
      'Las esquinas vacías son hostiles a todas las piezas, el rey incluido: una pieza junto a una esquina es capturada por un solo enemigo situado al otro lado.',
    hostileSoldiers:
      'Las esquinas vacías son hostiles a los soldados de ambos bandos: un soldado junto a una esquina es capturado por un solo enemigo situado al otro lado. (El rey junto a una esquina está en el borde, donde no puede ser capturado.)',
    notHostile: 'Las esquinas no son hostiles a nadie: nunca ayudan a capturar.',
    onTheEdge: 'Las esquinas son casillas del borde como las demás: si el rey llega a una, huye.',
    defenderCounts:
      'Una esquina ocupada por un defensor cuenta como ese defensor: ayuda a capturar atacantes, y nunca defensores.',
    immune:
      'Una pieza situada en una esquina no puede ser capturada. (En este tablero, cuyo borde nunca ayuda a capturar, una pieza en una esquina no podría ser capturada de todos modos.)',
  },

  captures: {
    custodial:
      'Una pieza es capturada cuando un enemigo se mueve a su lado de modo que queda atrapada entre la pieza que se ha movido y otra pieza enemiga, o una casilla hostil a ella, en sentido vertical u horizontal (nunca en diagonal). Se retira del tablero.',
    active:
      'Solo captura el bando que mueve: no se considera captura si una pieza se coloca entre dos piezas enemigas.',
    several: 'Un movimiento puede provocar varias capturas, cada pieza atrapada en su propia línea.',
    edge: 'Arrinconar una pieza contra el borde del tablero no sirve para capturarla.',
    optional: 'Capturar nunca es obligatorio.',
    kingArmed:
      'El rey captura de la misma manera que los soldados, tanto al moverse como cerrando la captura desde el otro lado.',
    kingUnarmed:
      'El rey no participa en las capturas: sus movimientos no capturan nada y nunca sirve para cerrar una captura desde el otro lado.',
  },

  king: {
    byTwo:
      'El rey es capturado de la misma manera que los soldados, entre dos atacantes en sentido vertical u horizontal.',
    byTwoWith: (squares) =>
      `El rey es capturado de la misma manera que los soldados, entre dos atacantes en sentido vertical u horizontal, o entre un atacante y ${squares}.`,
    byFour:
      'El rey solo es capturado cuando los atacantes lo encierran por los cuatro costados. El borde del tablero nunca cuenta, así que en el borde no puede ser capturado.',
    byFourWith: (squares) =>
      `El rey solo es capturado cuando queda encerrado por los cuatro costados, por atacantes o por ${squares}. El borde del tablero nunca cuenta, así que en el borde no puede ser capturado.`,
    emptyThrone: 'el trono vacío',
    aCorner: 'una esquina',
    theCorners: 'las esquinas',
    onThroneFour: 'Si se encuentra en el trono, ha de ser rodeado por atacantes por los cuatro costados.',
    onThroneFourToo: 'También en el trono hacen falta cuatro atacantes.',
    onThroneTwo: 'También en el trono bastan dos atacantes.',
    nextThree: (squares) =>
      `Si se encuentra en una casilla adyacente al trono (${squares}), ha de ser rodeado por atacantes por los tres lados libres: el trono vacío cierra el cuarto.`,
    nextByHostileThrone: (squares) =>
      `Junto al trono (${squares}) bastan tres atacantes, porque el trono vacío cierra el cuarto lado.`,
    nextSafe: (squares) =>
      `Junto al trono (${squares}) no puede ser capturado, porque el trono no sirve para capturarlo.`,
    shield:
      'El rey y su escudo: si el rey está en el trono con atacantes en tres lados y un defensor en el cuarto, el atacante que se coloca al otro lado de ese defensor captura a la vez al defensor y al rey, y los atacantes ganan.',
  },

  end: {
    escapeCorners: 'Los defensores ganan en cuanto el rey llega a una de las cuatro esquinas.',
    escapeEdge: 'Los defensores ganan en cuanto el rey llega a cualquier casilla del borde del tablero.',
    kingCaptured: 'Los atacantes ganan en cuanto capturan al rey.',
    allCaptured: 'Los defensores también ganan si eliminan a todos los atacantes.',
    blockedLoses: 'Pierde el bando que no pueda realizar ningún movimiento en su turno.',
    blockedPasses:
      'El bando que no pueda realizar ningún movimiento pasa su turno (solo entonces se puede pasar); si ninguno de los dos puede mover, la partida es tablas.',
    announce:
      'Cuando el rey podría huir en su siguiente movimiento, los defensores deben anunciarlo diciendo «une ou deux sorties» (una o dos salidas); si no lo hacen, la huida no vale y los atacantes pueden volver a jugar su última pieza.',
  },

  draws: {
    repetition:
      'Cuando la misma posición se repite por tercera vez y le toca mover al mismo bando, la partida es tablas (la posición inicial cuenta como la primera vez).',
    noRepetition: 'Repetir una posición no termina la partida.',
    quiet: (n) =>
      `Tras ${s(n, 'movimiento', 'movimientos')} seguidos (de uno u otro bando) sin ninguna captura, la partida es tablas.`,
    agreement:
      'Los jugadores también pueden acordar tablas en cualquier momento, y cualquiera puede abandonar.',
  },

  marks: {
    reading: 'interpretación',
    'house rule': 'regla casera',
  },

  notes: {
    repetition:
      'Estas reglas no prevén tablas: aquí hay tablas cuando una posición se repite por tercera vez y le toca mover al mismo bando.',
    kingArmed: 'Las reglas no dicen si el rey captura: sí captura, como una pieza más de los defensores.',
    kingUnarmed:
      'Una pieza cae entre dos «peones» rivales: el rey, que no es un peón, no participa en las capturas.',
    layoutArdRi:
      'El artículo no da la posición inicial: se usa la del Ard Ri, con dos atacantes por defensor, como dice.',
    kingEnclosed:
      'El artículo solo dice que las negras ganan si logran «encerrarlo»: aquí, por los cuatro costados.',
    repetitionThird:
      'El artículo solo habla de «la repetición de jugadas»: aquí, la tercera vez que se repite una posición y le toca mover al mismo bando.',
    firstToMove: 'El folleto no dice quién empieza: empiezan los atacantes.',
    thronePassage:
      'El folleto prohíbe ocupar el centro vacío y no dice nada de atravesarlo: las piezas pueden pasar por él.',
    defendersMeansAttackers:
      'El folleto dice que aquí lo rodean los «Defenders» (defensores): quiere decir los atacantes.',
    blockedLoses: 'El folleto no dice qué pasa si un bando no puede mover: pierde.',
    bothBlocked: 'El folleto no dice qué pasa si ningún bando puede mover: la partida es tablas.',
    quietPlies:
      'Los veinte «déplacements successifs» se cuentan como veinte movimientos seguidos, de uno u otro bando.',
    kingAgainstCorner:
      'El folleto solo hace excepciones para el brannán en el trono y junto a él: un atacante basta para capturarlo contra una esquina vacía.',
    defenderOnCorner:
      'El folleto deja que los defensores se detengan en las esquinas y no dice más: una esquina ocupada por uno de ellos cuenta como ese defensor, igual que el trono ocupado por el rey cuenta como el rey.',
    kingAndShield:
      'Solo si el movimiento del atacante cierra la tenaza: completar los tres lados con otro atacante ya al otro lado del escudo no captura nada.',
    escapeAnnouncement:
      'La aplicación anuncia ella misma cada salida abierta, así que el anuncio nunca falta y la penalización nunca se aplica.',
    agreement:
      'Ninguna fuente los menciona: la aplicación añade las tablas por acuerdo y el abandono a todos los reglamentos.',
  },

  terms: {
    attackers: 'los atacantes',
    defenders: 'los defensores',
    soldiers: 'los soldados',
    king: 'el rey',
    throne: 'el trono',
    corners: 'las esquinas',
  },

  captions: {
    custodial: (a: CaptionArgs) =>
      `Los atacantes juegan ${a.move}: el defensor de ${a.captured} queda atrapado entre dos atacantes y es capturado.`,
    notCaptured: (a) =>
      `Los defensores juegan ${a.move}, entre dos atacantes: no hay captura, porque solo captura el bando que mueve.`,
    multiple: (a) =>
      `Los defensores juegan ${a.move} y capturan a la vez a los atacantes de ${a.captured}, cada uno en su línea.`,
    throneDefender: (a) =>
      `El rey ha dejado el trono. Los atacantes juegan ${a.move}: el defensor de ${a.captured} es capturado contra el trono vacío.`,
    throneDefenderOccupied: (a) =>
      `Los atacantes juegan ${a.move}: el defensor de ${a.captured} es capturado contra el trono, aunque el rey esté en él.`,
    throneAttacker: (a) =>
      `El rey ha dejado el trono. Los defensores juegan ${a.move}: el atacante de ${a.captured} es capturado contra el trono vacío.`,
    throneAttackerOccupied: (a) =>
      `Los defensores juegan ${a.move}: el atacante de ${a.captured} es capturado contra el trono ocupado por el rey.`,
    corner: (a) =>
      `Los atacantes juegan ${a.move}: el defensor de ${a.captured} es capturado contra la esquina.`,
    cornerDefender: (a) =>
      `Un defensor puede detenerse en una esquina: juega ${a.move} y captura al atacante de ${a.captured}.`,
    kingArmed: (a) =>
      `El rey juega ${a.move} y captura al atacante de ${a.captured}, como cualquier defensor.`,
    kingUnarmed: (a) =>
      `El rey juega ${a.move}: el atacante de ${a.spared} no es capturado, porque el rey no participa en las capturas.`,
    kingTwo: (a) =>
      `Los atacantes juegan ${a.move}: el rey de ${a.captured} queda atrapado entre dos atacantes y es capturado.`,
    kingCorner: (a) =>
      `Los atacantes juegan ${a.move}: el rey de ${a.captured} es capturado contra la esquina.`,
    kingThroneHostile: (a) =>
      `Los atacantes juegan ${a.move}: el rey de ${a.captured} es capturado contra el trono vacío.`,
    kingThroneSafe: (a) =>
      `Los atacantes juegan ${a.move}: el rey de ${a.spared} no es capturado, porque el trono vacío no sirve para capturarlo.`,
    kingOnThroneTwo: (a) =>
      `Los atacantes juegan ${a.move}: dos atacantes capturan al rey en ${a.captured}, incluso en el trono.`,
    kingOnThroneFour: (a) =>
      `Los atacantes juegan ${a.move}: el rey, rodeado en su trono (${a.captured}) por los cuatro costados, es capturado.`,
    kingNextToThrone: (a) =>
      `Los atacantes juegan ${a.move}: el rey de ${a.captured}, junto al trono, queda rodeado por tres lados, el trono vacío cierra el cuarto, y es capturado.`,
    kingNextToThroneSafe: (a) =>
      `Los atacantes juegan ${a.move}: el rey de ${a.spared}, junto al trono, no es capturado por tres atacantes, porque el trono no sirve para capturarlo.`,
    kingEnclosed: (a) =>
      `Los atacantes juegan ${a.move}: el rey de ${a.captured} queda encerrado por los cuatro costados y es capturado.`,
    kingEdge: (a) =>
      `Los atacantes juegan ${a.move}: el rey de ${a.spared} no es capturado, porque el borde nunca cuenta.`,
    kingShield: (a) =>
      `Los atacantes juegan ${a.move}: el rey y el defensor que lo protege, en ${a.captured}, son capturados a la vez.`,
    kingShieldNone: (a) =>
      `Los atacantes juegan ${a.move} y completan los tres lados mientras otro atacante ya está al otro lado del defensor: no hay captura.`,
    escapeCorner: (a) => `El rey juega ${a.move} y huye por una esquina: ganan los defensores.`,
    escapeEdge: (a) => `El rey juega ${a.move} y llega al borde: ganan los defensores.`,
  },

  names: RULESET_NAMES.es,

  source,
  customSource: 'Reglas propias, hechas en el editor de reglas',

  oneLine: {
    separator: '; ',
    noReturn: 'el rey no vuelve al trono',
    brandubh: 'disposición del Brandubh',
    ardRi: 'disposición del Ard Ri',
    custom: 'disposición propia',
    defendersFirst: 'empiezan los defensores',
    kingSteps: 'el rey mueve una casilla',
    allStep: 'todas las piezas mueven una casilla',
    kingByTwo: 'el rey cae con 2 atacantes',
    kingByFour: 'el rey cae rodeado por los 4 lados',
    nextThree: 'con 3 junto al trono',
    onThroneFour: 'con 4 en el trono',
    onThroneTwo: 'también con 2 en el trono',
    shield: 'el rey y su escudo',
    escapeCorners: 'el rey huye por las esquinas',
    escapeEdge: 'el rey huye por el borde',
    quiet: (n) => `tablas tras ${n} movimientos sin captura`,
  },

  ui: {
    title: 'Reglas',
    intro:
      'Cada reglamento, explicado a partir de sus parámetros. Donde un folleto calla o no es claro, la elección hecha aquí lleva la marca «interpretación»; lo que añade la aplicación lleva la marca «regla casera».',
    leaflets: 'De los folletos',
    references: 'Reglamentos de referencia de otros programas',
    yours: 'Tus reglamentos',
    noneYet: 'Todavía ninguno: crea uno en el editor de reglas.',
    openEditor: 'Abrir el editor de reglas',
    allRulesets: 'Todos los reglamentos',
    notFound: (id) => `No existe el reglamento «${id}».`,
    source: 'Fuente',
    play: 'Jugar con estas reglas',
    editCopy: 'Editar una copia',
    edit: 'Editar',
    marksLegend: 'Marcas',
    readingLegend: 'una interpretación: el folleto calla o no es claro, y esta es la elección hecha aquí.',
    houseRuleLegend: 'una regla casera: la añade la aplicación; el folleto no la recoge.',
    startPosition: 'La posición inicial',
    diagram: 'Diagrama',
    otnTitle: 'Reglas en notación OTN',
    otnHelp:
      'Estas reglas en una línea de notación OpenTafl, para otros programas de tafl o el editor de reglas.',
    copy: 'Copiar',
    copied: 'Copiado',
  },

  editor: {
    title: 'Editor de reglas',
    intro:
      'Cambia cualquier regla, prepara la posición inicial y guarda: tus reglamentos aparecen en la pantalla de inicio, listos para jugar.',
    startFrom: 'Partir de',
    chooseRuleset: 'Elige un reglamento…',
    name: 'Nombre',
    defaultName: 'Mis reglas',
    copyName: (name) => `${name} (mi copia)`,
    save: 'Guardar',
    saved: 'Guardado.',
    delete: 'Borrar',
    deleted: 'Borrado.',
    confirmDelete: (name) => `¿Borrar «${name}»?`,
    play: 'Guardar y jugar',
    rulesPage: 'Página de reglas',
    invalid: 'Corrige la posición inicial antes de guardar.',
    position: 'Posición inicial',
    positionHelp: 'Elige una pieza y pulsa casillas para colocarla; pulsa otra vez una pieza para quitarla.',
    tools: 'Pieza que colocar',
    toolAttacker: 'Atacante',
    toolDefender: 'Defensor',
    toolKing: 'Rey',
    toolEmpty: 'Quitar',
    clear: 'Vaciar el tablero',
    layoutBrandubh: 'Disposición del Brandubh',
    layoutArdRi: 'Disposición del Ard Ri',
    positionOk: 'La posición es válida.',
    board: 'Editor de la posición inicial',
    exportTitle: 'Exportar',
    exportHelp: 'Este reglamento en notación OTN.',
    download: 'Descargar',
    importTitle: 'Importar',
    importHelp: 'Pega unas reglas en notación OTN e impórtalas (sustituyen lo que hay en el editor).',
    importButton: 'Importar',
    imported: 'Importado.',
    importError: 'No se pueden leer estas reglas:',
    preview: 'Leer estas reglas',
    yes: 'sí',
    no: 'no',
  },

  issues: {
    ERR_NO_KING: 'La posición no tiene rey: coloca exactamente uno.',
    ERR_KINGS: (n) => `La posición tiene ${n} reyes: debe tener exactamente uno.`,
    ERR_THRONE: (square) => `Solo el rey puede estar en el trono, pero en ${square} hay un soldado.`,
    ERR_ATTACKER_CORNER: (square) => `Un atacante no puede estar en la esquina ${square}.`,
    ERR_DEFENDER_CORNER: (square) =>
      `Con estas reglas un defensor no puede estar en la esquina ${square} (solo el rey puede detenerse en las esquinas).`,
    ERR_KING_ESCAPED: (square) =>
      `El rey está en ${square}, una casilla por la que huye: la partida terminaría antes de empezar.`,
    ERR_NO_ATTACKERS: 'La posición no tiene atacantes.',
    ERR_OTHER: (message) => `La posición no es válida: ${message}`,
  },

  parameters: {
    size: { label: 'Tablero', help: 'Todos los reglamentos de aquí se juegan en 7x7 casillas.' },
    layout: { label: 'Disposición', help: 'Una posición inicial conocida, o la tuya (edítala abajo).' },
    start: { label: 'Posición inicial', help: 'Prepárala en el tablero de abajo.' },
    firstToMove: { label: 'Empieza', help: 'El bando que hace el primer movimiento de la partida.' },
    soldierMove: {
      label: 'Los soldados se mueven',
      help: 'Cuánto se mueven los atacantes y los defensores.',
    },
    kingMove: { label: 'El rey se mueve', help: 'Cuánto se mueve el rey.' },
    kingReturns: {
      label: 'El rey puede volver al trono',
      help: 'Si no, cuando lo abandona ninguna pieza puede volver a detenerse en él.',
    },
    thronePassage: {
      label: 'Quién puede pasar a través del trono vacío',
      help: 'Atravesarlo sin detenerse (solo el rey se detiene en él).',
    },
    throneHostileToAttackers: {
      label: 'Trono hostil a los atacantes',
      help: 'Cuándo el trono ayuda a los defensores a capturar a un atacante, como si fuera un defensor.',
    },
    throneHostileToDefenders: {
      label: 'Trono hostil a los defensores',
      help: 'Cuándo el trono ayuda a los atacantes a capturar a un defensor, como si fuera un atacante.',
    },
    throneHostileToKing: {
      label: 'Trono vacío hostil al rey',
      help: 'Si el trono vacío sirve también para capturar al rey.',
    },
    cornerStop: { label: 'Quién puede detenerse en una esquina', help: 'Los atacantes nunca.' },
    cornersHostile: {
      label: 'Esquinas hostiles',
      help: 'Las esquinas vacías ayudan a capturar cualquier pieza a su lado, el rey incluido.',
    },
    cornerImmune: {
      label: 'Una pieza en una esquina no puede ser capturada',
      help: 'En un tablero de 7x7 con el borde neutral esto nunca ocurre; se conserva por completitud.',
    },
    kingArmed: {
      label: 'El rey captura',
      help: 'Si el rey participa en las capturas, al moverse y cerrando la captura desde el otro lado.',
    },
    kingCapture: {
      label: 'El rey es capturado',
      help: 'Entre dos atacantes como un soldado, o solo encerrado por los cuatro costados (el borde nunca cuenta).',
    },
    kingCaptureOnThrone: {
      label: 'En el trono, el rey es capturado',
      help: 'Por atacantes en los cuatro costados, o como en otras casillas.',
    },
    kingCaptureNextToThrone: {
      label: 'Junto al trono, el rey es capturado',
      help: 'Por tres atacantes en los lados libres, el trono vacío cerrando el cuarto, o como en otras casillas.',
    },
    kingAndShield: {
      label: 'El rey y su escudo',
      help: 'El rey en el trono con atacantes en tres lados y un defensor en el cuarto: un atacante al otro lado de ese defensor captura a los dos.',
    },
    escape: {
      label: 'El rey huye por',
      help: 'Si el rey llega a una de estas casillas, ganan los defensores.',
    },
    allAttackersCapturedWins: {
      label: 'Capturar todos los atacantes gana',
      help: 'Los defensores también ganan si eliminan a todos los atacantes.',
    },
    blocked: {
      label: 'Un bando sin movimiento posible',
      help: 'Si los dos bandos están bloqueados y pasan, tablas.',
    },
    repetitionDraws: {
      label: 'La tercera repetición es tablas',
      help: 'La misma posición por tercera vez, y le toca mover al mismo bando.',
    },
    quietPlyLimit: {
      label: 'Tablas tras tantos movimientos sin captura',
      help: 'Movimientos sueltos de uno u otro bando; 0 para ningún límite.',
    },
  },

  values: {
    layout: { brandubh: 'Brandubh', 'ard-ri': 'Ard Ri', custom: 'Propia' },
    side: { attackers: 'Los atacantes', defenders: 'Los defensores' },
    move: { rook: 'Cualquier distancia (como la torre)', step: 'Una casilla' },
    hostility: { always: 'Siempre, aun ocupado', empty: 'Cuando está vacío', never: 'Nunca' },
    passage: { everyone: 'Todas las piezas', king: 'Solo el rey' },
    cornerStop: { king: 'Solo el rey', 'king-and-defenders': 'El rey y los defensores' },
    kingCapture: { 2: 'Entre dos, como un soldado', 4: 'Encerrado por los cuatro costados' },
    onThrone: { four: 'Por cuatro atacantes', elsewhere: 'Como en otras casillas' },
    nextToThrone: { three: 'Tres atacantes y el trono', elsewhere: 'Como en otras casillas' },
    escape: { corners: 'Las esquinas', edge: 'Cualquier casilla del borde' },
    blocked: { loses: 'Pierde', passes: 'Pasa' },
  },
};
