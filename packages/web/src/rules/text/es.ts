/**
 * Español, con el vocabulario de los folletos: atacantes (negras), defensores (blancas), rey,
 * soldados, trono, esquinas o casillas de salida, casillas hostiles.
 */

import type { CaptionArgs, RulesText } from './en.js';

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
      `Se juega sobre un tablero de ${size}x${size} casillas. La casilla central, ${throne}, es el trono; las cuatro esquinas, ${corners}, son también casillas especiales (las casillas de salida).`,
    sides:
      'Se enfrentan dos bandos: los atacantes (las negras, el equipo oscuro) y los defensores (las blancas, el equipo claro) con su rey, la figura más alta.',
    layoutBrandubh: (a, d) =>
      `Disposición del Brandubh: ${s(a, 'atacante', 'atacantes')} y ${s(d, 'defensor', 'defensores')} forman una cruz, con el rey en el trono, en el centro.`,
    layoutArdRi: (a, d) =>
      `Disposición del Ard Ri: ${s(a, 'atacante rodea', 'atacantes rodean')} a ${s(d, 'defensor', 'defensores')}, con el rey en el trono, en el centro.`,
    layoutCustom: (a, d, king) =>
      `Una disposición propia: ${s(a, 'atacante', 'atacantes')}, ${s(d, 'defensor', 'defensores')} y el rey en ${king}.`,
    layoutNoKing: (a, d) =>
      `Una disposición propia: ${s(a, 'atacante', 'atacantes')} y ${s(d, 'defensor', 'defensores')}.`,
  },

  turn: {
    attackers:
      'Empiezan los atacantes (las negras); después los jugadores mueven por turnos, una pieza por turno.',
    defenders:
      'Empiezan los defensores (las blancas); después los jugadores mueven por turnos, una pieza por turno.',
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
    kingStep: 'El rey sólo puede moverse una casilla.',
  },

  throne: {
    onlyKing: (throne) => `Sólo el rey puede detenerse en el trono (${throne}).`,
    returns: 'El rey puede salir del trono y volver a él a placer.',
    noReturn:
      'Cuando el rey abandona el trono, ninguna pieza puede volver a detenerse en él, ni siquiera el rey.',
    passEveryone: 'Cualquier pieza puede pasar a través del trono desocupado, sin terminar sobre él.',
    passKing: 'Sólo el rey puede pasar a través del trono desocupado; los soldados deben rodearlo.',
    passNone: 'Como todas las piezas se mueven de casilla en casilla, ninguna pasa nunca a través del trono.',
    hostileAll:
      'El trono vacío es hostil a todas las piezas, el rey incluido: ayuda a capturar cualquier pieza, como si fuera una pieza enemiga.',
    hostileNone: 'El trono no es hostil a nadie, tampoco al rey: nunca ayuda a capturar.',
    hostileAlwaysAll:
      'El trono, esté ocupado o no, es hostil a todos los soldados, como si fuera una pieza enemiga; el trono vacío cuenta también contra el rey.',
    attackersAlways:
      'El trono es hostil a los atacantes aunque el rey esté en él: ayuda a los defensores a capturarlos.',
    attackersEmpty: 'El trono vacío es hostil a los atacantes: ayuda a los defensores a capturarlos.',
    attackersNever: 'El trono nunca es hostil a los atacantes.',
    defendersAlways:
      'El trono es hostil a los defensores, esté vacío o con el rey en él: ayuda a los atacantes a capturarlos.',
    defendersEmpty: 'El trono vacío es hostil a los defensores: ayuda a los atacantes a capturarlos.',
    defendersNever: 'El trono nunca es hostil a los defensores.',
    kingHostile: 'El trono vacío cuenta contra el rey a la hora de capturarlo.',
    kingNotHostile: 'El trono vacío nunca cuenta contra el rey: no ayuda a capturarlo.',
  },

  corners: {
    onlyKing: (corners) => `Sólo el rey puede detenerse en una esquina (${corners}).`,
    kingAndDefenders: (corners) =>
      `El rey y los defensores pueden detenerse en las esquinas (${corners}); los atacantes no.`,
    hostile:
      'Las esquinas vacías son hostiles a todas las piezas, el rey incluido: actúan como una pieza comodín, y una pieza junto a una esquina es capturada por un solo enemigo al otro lado.',
    notHostile: 'Las esquinas no son hostiles a nadie: nunca ayudan a capturar.',
    defenderCounts:
      'Una esquina ocupada por un defensor cuenta como ese defensor: ayuda a capturar atacantes, y nunca defensores.',
    immune:
      'Una pieza situada en una esquina no puede ser capturada. (En este tablero, cuyo borde nunca ayuda a capturar, una pieza en una esquina no podría ser capturada de todos modos.)',
  },

  captures: {
    custodial:
      'Una pieza es capturada cuando un enemigo se mueve a su lado de modo que queda atrapada entre la pieza que se ha movido y otra pieza enemiga, o una casilla hostil a ella, en sentido vertical u horizontal (nunca en diagonal). Se retira del tablero.',
    active:
      'Sólo captura el bando que mueve: no se considera captura si una pieza se coloca entre dos piezas enemigas.',
    several: 'Un movimiento puede provocar varias capturas, cada pieza atrapada en su propia línea.',
    edge: 'El borde del tablero nunca ayuda a capturar.',
    optional: 'La captura nunca es obligatoria.',
    kingArmed:
      'El rey captura de la misma manera que los soldados, tanto como pieza que se mueve como pieza del otro lado.',
    kingUnarmed:
      'El rey no participa en las capturas: sus movimientos no capturan nada y nunca cuenta como la pieza del otro lado.',
  },

  king: {
    byTwo:
      'El rey es capturado de la misma manera que los soldados, entre dos atacantes en sentido vertical u horizontal.',
    byTwoWith: (squares) =>
      `El rey es capturado de la misma manera que los soldados, entre dos atacantes en sentido vertical u horizontal, o entre un atacante y ${squares}.`,
    byFour:
      'El rey sólo es capturado cuando queda encerrado por los cuatro costados por atacantes. El borde del tablero nunca cuenta, así que en el borde no puede ser capturado.',
    byFourWith: (squares) =>
      `El rey sólo es capturado cuando queda encerrado por los cuatro costados, por atacantes o por ${squares}. El borde del tablero nunca cuenta, así que en el borde no puede ser capturado.`,
    emptyThrone: 'el trono vacío',
    aCorner: 'una esquina',
    theCorners: 'las esquinas',
    onThroneFour: 'Si se encuentra en el trono, ha de ser rodeado por atacantes por los cuatro costados.',
    onThroneFourToo: 'También en el trono hacen falta cuatro atacantes.',
    onThroneTwo: 'También en el trono bastan dos atacantes.',
    nextThree: (squares) =>
      `Si se encuentra en una casilla adyacente al trono (${squares}), ha de ser rodeado por atacantes por los tres lados libres: el trono vacío cierra el cuarto.`,
    nextByHostileThrone: (squares) =>
      `Junto al trono (${squares}) bastan tres atacantes, porque el trono vacío cuenta contra él.`,
    nextSafe: (squares) =>
      `Junto al trono (${squares}) no puede ser capturado, porque el trono no cuenta contra él.`,
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
      'El bando que no pueda realizar ningún movimiento pasa su turno (sólo entonces se puede pasar); si ninguno de los dos puede mover, la partida es tablas.',
    announce:
      'Cuando el rey podría llegar a una casilla de salida en su próximo movimiento, la aplicación lo indica, así que ningún jugador tiene que anunciarlo.',
  },

  draws: {
    repetition:
      'Cuando la misma posición se repite por tercera vez con el mismo bando al turno, la partida es tablas (la posición inicial cuenta como la primera vez).',
    noRepetition: 'Repetir una posición no termina la partida.',
    quiet: (n) =>
      `Tras ${s(n, 'movimiento', 'movimientos')} seguidos (de uno u otro bando) sin ninguna captura, la partida es tablas.`,
    agreement:
      'Los jugadores también pueden acordar tablas en cualquier momento, y cualquiera puede abandonar.',
  },

  marks: {
    reading: 'interpretación',
    'house rule': 'regla de la casa',
  },

  notes: {
    repetition:
      'El folleto no prevé tablas: la tercera repetición de una posición con el mismo bando al turno es tablas.',
    kingArmed: 'El rey captura, por ser una de las piezas de los defensores.',
    kingUnarmed:
      'El documento dice que una pieza es eliminada por dos «peones» rivales, así que el rey no captura.',
    layoutArdRi:
      'El documento no da la disposición inicial: se usa la del Ard Ri (dos atacantes por cada defensor, como dice).',
    firstToMove: 'El folleto no dice quién empieza: empiezan los atacantes.',
    thronePassage:
      'Cuando el rey ha dejado el centro, ninguna pieza puede detenerse en él, pero sí pasar a través.',
    blocked: 'El folleto no dice qué pasa si un bando no puede mover: pierde.',
    quietPlies:
      'Los veinte «déplacements» se leen como veinte movimientos sueltos (de uno u otro bando) seguidos sin captura.',
    kingAndShield:
      'El rey y su escudo sólo caen cuando el movimiento del atacante cierra la tenaza; un atacante que completa los tres lados mientras otro ya está al otro lado del escudo no captura nada.',
    agreement:
      'Ningún folleto lo menciona: la aplicación añade las tablas por acuerdo y el abandono a todas las reglas.',
  },

  captions: {
    custodial: (a: CaptionArgs) =>
      `Las negras juegan ${a.move}: el defensor de ${a.captured} queda atrapado entre dos atacantes y es capturado.`,
    notCaptured: (a) =>
      `Las blancas juegan ${a.move}, entre dos atacantes: no hay captura, porque sólo captura el bando que mueve.`,
    multiple: (a) =>
      `Las blancas juegan ${a.move} y capturan a la vez los atacantes de ${a.captured}, cada uno en su línea.`,
    throneDefender: (a) =>
      `El rey ha dejado el trono. Las negras juegan ${a.move}: el defensor de ${a.captured} es capturado contra el trono vacío.`,
    throneDefenderOccupied: (a) =>
      `Las negras juegan ${a.move}: el defensor de ${a.captured} es capturado contra el trono, aunque el rey esté en él.`,
    throneAttacker: (a) =>
      `El rey ha dejado el trono. Las blancas juegan ${a.move}: el atacante de ${a.captured} es capturado contra el trono vacío.`,
    throneAttackerOccupied: (a) =>
      `Las blancas juegan ${a.move}: el atacante de ${a.captured} es capturado contra el trono ocupado por el rey.`,
    corner: (a) =>
      `Las negras juegan ${a.move}: el defensor de ${a.captured} es capturado contra la casilla de salida.`,
    cornerDefender: (a) =>
      `Un defensor puede detenerse en una esquina: juega ${a.move} y captura el atacante de ${a.captured}.`,
    kingArmed: (a) =>
      `El rey juega ${a.move} y captura el atacante de ${a.captured}, como cualquier defensor.`,
    kingUnarmed: (a) =>
      `El rey juega ${a.move}: el atacante de ${a.spared} no es capturado, porque el rey no participa en las capturas.`,
    kingTwo: (a) =>
      `Las negras juegan ${a.move}: el rey de ${a.captured} queda atrapado entre dos atacantes y es capturado.`,
    kingCorner: (a) =>
      `Las negras juegan ${a.move}: el rey de ${a.captured} es capturado cerca de la casilla de salida.`,
    kingThroneHostile: (a) =>
      `Las negras juegan ${a.move}: el rey de ${a.captured} es capturado contra el trono vacío.`,
    kingThroneSafe: (a) =>
      `Las negras juegan ${a.move}: el rey de ${a.spared} no es capturado, porque el trono vacío no cuenta contra él.`,
    kingOnThroneTwo: (a) =>
      `Las negras juegan ${a.move}: dos atacantes capturan al rey en ${a.captured}, incluso en el trono.`,
    kingOnThroneFour: (a) =>
      `Las negras juegan ${a.move}: el rey, rodeado en su trono (${a.captured}) por los cuatro costados, es capturado.`,
    kingNextToThrone: (a) =>
      `Las negras juegan ${a.move}: el rey de ${a.captured}, junto al trono, queda rodeado por tres lados, el trono vacío cierra el cuarto, y es capturado.`,
    kingNextToThroneSafe: (a) =>
      `Las negras juegan ${a.move}: el rey de ${a.spared}, junto al trono, no es capturado por tres atacantes, porque el trono no cuenta contra él.`,
    kingEnclosed: (a) =>
      `Las negras juegan ${a.move}: el rey de ${a.captured} queda encerrado por los cuatro costados y es capturado.`,
    kingEdge: (a) =>
      `Las negras juegan ${a.move}: el rey de ${a.spared} no es capturado, porque el borde nunca cuenta.`,
    kingShield: (a) =>
      `Las negras juegan ${a.move}: el rey y el defensor que lo protege, en ${a.captured}, son capturados a la vez.`,
    kingShieldNone: (a) =>
      `Las negras juegan ${a.move} y completan los tres lados mientras otro atacante ya está al otro lado del defensor: no hay captura.`,
    escapeCorner: (a) => `El rey juega ${a.move} y huye por una esquina: ganan las blancas.`,
    escapeEdge: (a) => `El rey juega ${a.move} y llega al borde: ganan las blancas.`,
  },

  names: {
    plazoleta: 'Bran-dubh (La Plazoleta)',
    'brandubh-2019': 'Brandubh (blog, 2019)',
    'ard-ri-es': 'Ard Ri (folleto en español)',
    'brandubh-en': 'Brandubh (Black Raven)',
    'ard-ri-fr': 'Ard-ri (Le Globe Joueur)',
    'brandub-fr': 'Brandub (Le Globe Joueur)',
    'opentafl-brandub': 'Brandub (OpenTafl)',
    'federation-brandubh': 'Brandubh (World Tafl Federation)',
  },

  sources: {
    plazoleta: 'Folleto «Bran-dubh» de La Plazoleta artesanos, en español',
    'brandubh-2019': 'Entrada de blog «Brandubh, un juego de la Irlanda medieval» (2019), en español',
    'ard-ri-es': 'Artículo «¿Jugamos al Ard Ri?», en español',
    'brandubh-en': 'Folleto «Brandubh Rules» (Black Raven), en inglés',
    'ard-ri-fr': 'Folleto «Ard-ri et Brandub» de Le Globe Joueur, en francés',
    'brandub-fr': 'Folleto «Ard-ri et Brandub» de Le Globe Joueur, en francés',
    'opentafl-brandub': 'El Brandub incluido en OpenTafl, para comparar partidas con otros programas',
    'federation-brandubh': 'Las reglas de Brandubh de la World Tafl Federation, para comparar partidas',
  },
  customSource: 'Reglas propias, hechas en el editor de reglas',

  oneLine: {
    separator: '; ',
    noReturn: 'el rey no vuelve al trono',
    brandubh: 'disposición del Brandubh',
    ardRi: 'disposición del Ard Ri',
    custom: 'disposición propia',
    defendersFirst: 'empiezan las blancas',
    kingSteps: 'el rey mueve una casilla',
    allStep: 'todas las piezas mueven una casilla',
    kingByTwo: 'rey capturado entre 2',
    kingByFour: 'rey capturado entre 4',
    nextThree: '3 junto al trono',
    onThroneFour: '4 en el trono',
    onThroneTwo: '2 también en el trono',
    shield: 'el rey y su escudo',
    escapeCorners: 'huida por las esquinas',
    escapeEdge: 'huida por el borde',
    quiet: (n) => `tablas tras ${n} movimientos sin captura`,
  },

  ui: {
    title: 'Reglas',
    intro:
      'Cada reglamento, explicado a partir de sus parámetros. Donde un folleto calla o no es claro, la elección hecha aquí lleva la marca «interpretación»; lo que añade la aplicación lleva la marca «regla de la casa».',
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
    houseRuleLegend: 'una regla de la casa: la añade la aplicación; el folleto no la dice.',
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
    ERR_THRONE: (square) => `Sólo el rey puede estar en el trono, pero en ${square} hay un soldado.`,
    ERR_ATTACKER_CORNER: (square) => `Un atacante no puede estar en la esquina ${square}.`,
    ERR_DEFENDER_CORNER: (square) =>
      `Con estas reglas un defensor no puede estar en la esquina ${square} (sólo el rey puede detenerse en las esquinas).`,
    ERR_KING_ESCAPED: (square) =>
      `El rey está en ${square}, una casilla de salida: la partida terminaría antes de empezar.`,
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
      help: 'Atravesarlo sin detenerse (sólo el rey se detiene en él).',
    },
    throneHostileToAttackers: {
      label: 'Trono hostil a los atacantes',
      help: 'Cuándo el trono ayuda a los defensores a capturar un atacante, como si fuera un defensor.',
    },
    throneHostileToDefenders: {
      label: 'Trono hostil a los defensores',
      help: 'Cuándo el trono ayuda a los atacantes a capturar un defensor, como si fuera un atacante.',
    },
    throneHostileToKing: {
      label: 'Trono vacío hostil al rey',
      help: 'Si el trono vacío cuenta contra el rey a la hora de capturarlo.',
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
      help: 'Si el rey participa en las capturas, como pieza que se mueve y como pieza del otro lado.',
    },
    kingCapture: {
      label: 'El rey es capturado',
      help: 'Entre dos atacantes como un soldado, o sólo encerrado por los cuatro costados (el borde nunca cuenta).',
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
      help: 'La misma posición por tercera vez, con el mismo bando al turno.',
    },
    quietPlyLimit: {
      label: 'Tablas tras tantos movimientos sin captura',
      help: 'Movimientos sueltos de uno u otro bando; 0 para ningún límite.',
    },
  },

  values: {
    layout: { brandubh: 'Brandubh', 'ard-ri': 'Ard Ri', custom: 'Propia' },
    side: { attackers: 'Los atacantes (negras)', defenders: 'Los defensores (blancas)' },
    move: { rook: 'Cualquier distancia (como la torre)', step: 'Una casilla' },
    hostility: { always: 'Siempre, aun ocupado', empty: 'Cuando está vacío', never: 'Nunca' },
    passage: { everyone: 'Todas las piezas', king: 'Sólo el rey' },
    cornerStop: { king: 'Sólo el rey', 'king-and-defenders': 'El rey y los defensores' },
    kingCapture: { 2: 'Entre dos, como un soldado', 4: 'Entre cuatro, encerrado por todos lados' },
    onThrone: { four: 'Por cuatro atacantes', elsewhere: 'Como en otras casillas' },
    nextToThrone: { three: 'Tres atacantes y el trono', elsewhere: 'Como en otras casillas' },
    escape: { corners: 'Las esquinas', edge: 'Cualquier casilla del borde' },
    blocked: { loses: 'Pierde', passes: 'Pasa' },
  },
};
