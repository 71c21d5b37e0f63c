/**
 * The words of the puzzle page (`#/puzzles`) in English, Spanish and French. English is the
 * reference; Spanish and French have its shape (a missing key fails to compile).
 */

import type { Side } from '@tafl/core';
import { langOf } from '../game/feedback-text.js';
import type { Messages } from '../i18n/index.js';

const en = {
  title: 'Puzzles',
  intro:
    'Positions from the computer’s games where one side forces a win, proved by the solver: there is one first move that wins as fast, and only one. Find the winning line; the computer answers with its longest defence.',
  rulesetLabel: 'Ruleset',
  difficultyLabel: 'Difficulty',
  anyDifficulty: 'Any',
  difficultyName: (d: number) => ['', '1 · easy', '2', '3', '4', '5 · hard'][d] ?? String(d),
  progress: (solved: number, total: number) => `Solved: ${solved} of ${total} puzzles of this ruleset.`,
  none: 'No puzzle of this difficulty under these rules: choose another.',
  heading: (n: number, difficulty: number, rating: number) =>
    `Puzzle ${n} · difficulty ${difficulty} of 5 · rating ${rating}`,
  prompt: (side: Side, moves: number) =>
    `${side === 'attackers' ? 'Attackers' : 'Defenders'} to play and win in ${moves} moves.`,
  yourMove: 'Your move.',
  right: (reply: string) => `Right! The reply: ${reply}. Your move.`,
  solved: 'Solved!',
  solvedBefore: 'You have solved this puzzle before.',
  wrong: (move: string, moves: number) =>
    `${move} does not win ${moves === 1 ? 'at once' : `in ${moves} moves`}. Try again, or show the solution.`,
  also: (move: string) =>
    `${move} wins as fast too, but this puzzle follows the line the solver found: try another move.`,
  lineNote:
    'Only the moves of the line the solver found are accepted (a last move that wins at once is always accepted); when another move also wins as fast, the page says so.',
  showSolution: 'Show the solution',
  solution: (line: string) => `The solution: ${line}.`,
  restart: 'Start again',
  next: 'Next puzzle',
  aboutTitle: 'How the puzzles were made',
  about: (count: number) =>
    `${count} puzzles from the computer’s games against itself. The solver proved each: the side to move wins in the number of moves given against any defence, every other first move fails to win that fast, and the computer’s replies here are the longest defence. The difficulty counts the moves, how deep the computer must look to find the first move, the moves to choose from and the size of the proof.`,
  command: 'The command that makes them again:',
};

export type PuzzleText = typeof en;

const es: PuzzleText = {
  title: 'Problemas',
  intro:
    'Posiciones de las partidas del ordenador en las que un bando fuerza la victoria, demostradas por el resolvedor: hay una sola primera jugada que gana igual de rápido. Encuentra la línea ganadora; el ordenador responde con su defensa más larga.',
  rulesetLabel: 'Reglamento',
  difficultyLabel: 'Dificultad',
  anyDifficulty: 'Cualquiera',
  difficultyName: (d) => ['', '1 · fácil', '2', '3', '4', '5 · difícil'][d] ?? String(d),
  progress: (solved, total) => `Resueltos: ${solved} de ${total} problemas de este reglamento.`,
  none: 'No hay problemas de esta dificultad en este reglamento: elige otra dificultad.',
  heading: (n, difficulty, rating) => `Problema ${n} · dificultad ${difficulty} de 5 · puntuación ${rating}`,
  prompt: (side, moves) =>
    `Juegan los ${side === 'attackers' ? 'atacantes' : 'defensores'} y ganan en ${moves} jugadas.`,
  yourMove: 'Te toca.',
  right: (reply) => `¡Bien! La respuesta: ${reply}. Te toca.`,
  solved: '¡Resuelto!',
  solvedBefore: 'Ya resolviste este problema.',
  wrong: (move, moves) =>
    `${move} no gana ${moves === 1 ? 'en el acto' : `en ${moves} jugadas`}. Inténtalo de nuevo o mira la solución.`,
  also: (move) =>
    `${move} también gana igual de rápido, pero este problema sigue la línea que encontró el resolvedor: prueba otra jugada.`,
  lineNote:
    'Solo se aceptan las jugadas de la línea que encontró el resolvedor (una última jugada que gana en el acto se acepta siempre); si otra jugada también gana igual de rápido, la página lo dice.',
  showSolution: 'Ver la solución',
  solution: (line) => `La solución: ${line}.`,
  restart: 'Empezar de nuevo',
  next: 'Siguiente problema',
  aboutTitle: 'Cómo se hicieron los problemas',
  about: (count) =>
    `${count} problemas de las partidas del ordenador contra sí mismo. El resolvedor demostró cada uno: el bando que mueve gana en el número de jugadas indicado contra cualquier defensa, ninguna otra primera jugada gana tan rápido, y las respuestas del ordenador son la defensa más larga. La dificultad cuenta las jugadas, la profundidad a la que el ordenador encuentra la primera jugada, las jugadas posibles y el tamaño de la demostración.`,
  command: 'La orden que los genera de nuevo:',
};

const fr: PuzzleText = {
  title: 'Problèmes',
  intro:
    'Des positions des parties de l’ordinateur où un camp force le gain, prouvées par le solveur\u202f: un seul premier coup gagne aussi vite. Trouvez la ligne gagnante\u202f; l’ordinateur répond par sa plus longue défense.',
  rulesetLabel: 'Variante',
  difficultyLabel: 'Difficulté',
  anyDifficulty: 'Toutes',
  difficultyName: (d) => ['', '1 · facile', '2', '3', '4', '5 · difficile'][d] ?? String(d),
  progress: (solved, total) => `Résolus\u202f: ${solved} sur ${total} problèmes de cette variante.`,
  none: 'Aucun problème de cette difficulté dans cette variante\u202f: choisissez une autre difficulté.',
  heading: (n, difficulty, rating) => `Problème ${n} · difficulté ${difficulty} sur 5 · cote ${rating}`,
  prompt: (side, moves) =>
    `Les ${side === 'attackers' ? 'assaillants' : 'défenseurs'} jouent et gagnent en ${moves} coups.`,
  yourMove: 'À vous de jouer.',
  right: (reply) => `Bien joué\u202f! La réponse\u202f: ${reply}. À vous de jouer.`,
  solved: 'Résolu\u202f!',
  solvedBefore: 'Vous avez déjà résolu ce problème.',
  wrong: (move, moves) =>
    `${move} ne gagne pas ${moves === 1 ? 'sur-le-champ' : `en ${moves} coups`}. Réessayez, ou affichez la solution.`,
  also: (move) =>
    `${move} gagne aussi vite, mais ce problème suit la ligne trouvée par le solveur\u202f: essayez un autre coup.`,
  lineNote:
    'Seuls les coups de la ligne trouvée par le solveur sont acceptés (un dernier coup qui gagne sur-le-champ l’est toujours)\u202f; quand un autre coup gagne aussi vite, la page le dit.',
  showSolution: 'Afficher la solution',
  solution: (line) => `La solution\u202f: ${line}.`,
  restart: 'Recommencer',
  next: 'Problème suivant',
  aboutTitle: 'Comment les problèmes ont été faits',
  about: (count) =>
    `${count} problèmes tirés des parties de l’ordinateur contre lui-même. Le solveur a prouvé chacun\u202f: le camp au trait gagne dans le nombre de coups indiqué contre toute défense, aucun autre premier coup ne gagne aussi vite, et les réponses de l’ordinateur sont la plus longue défense. La difficulté compte les coups, la profondeur à laquelle l’ordinateur trouve le premier coup, les coups possibles et la taille de la preuve.`,
  command: 'La commande qui les refait\u202f:',
};

const TEXT = { en, es, fr } as const;

export const puzzleText = (t: Messages): PuzzleText => TEXT[langOf(t)];
