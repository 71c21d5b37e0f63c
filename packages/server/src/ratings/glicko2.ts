/**
 * Glicko-2, as Mark Glickman describes it in "Example of the Glicko-2 system" (Boston
 * University, 2013): a rating, its deviation (how uncertain it is) and its volatility (how
 * erratic the player's results are), updated from the results of one rating period. Pure
 * functions on plain data; the server decides what a period is (here: every rated game is one).
 *
 * The system constant τ (TAU) is 0.5, inside Glickman's advised range of 0.3 to 1.2: it bounds
 * how fast the volatility may change. A new player starts at 1500, deviation 350, volatility
 * 0.06, as in the paper. A rating is provisional (shown with a `?`) while its deviation is above
 * PROVISIONAL_DEVIATION.
 */

/** One player's rating on the Glicko scale. */
export interface Rating {
  readonly rating: number;
  /** The rating deviation (RD): the standard deviation of the player's strength, in rating points. */
  readonly deviation: number;
  /** σ: how much the player's strength is expected to change. */
  readonly volatility: number;
}

/** One game of the period: the opponent's rating before it, and the score (1 win, 0.5 draw, 0 loss). */
export interface GameResult {
  readonly opponent: Rating;
  readonly score: 0 | 0.5 | 1;
}

/** The system constant τ. */
export const TAU = 0.5;
/** The factor between the Glicko scale and the Glicko-2 scale (Glickman's 173.7178). */
export const SCALE = 173.7178;
export const INITIAL_RATING: Rating = { rating: 1500, deviation: 350, volatility: 0.06 };
/** Above this deviation a rating is provisional (lichess's threshold). */
export const PROVISIONAL_DEVIATION = 110;
/** The convergence tolerance of the volatility's iteration (the paper's ε). */
const EPSILON = 0.000001;

export function isProvisional(rating: Rating): boolean {
  return rating.deviation > PROVISIONAL_DEVIATION;
}

function check(r: Rating, what: string): void {
  if (
    !Number.isFinite(r.rating) ||
    !(r.deviation > 0) ||
    !Number.isFinite(r.deviation) ||
    !(r.volatility > 0)
  )
    throw new RangeError(
      `${what}: a rating, a positive deviation and a positive volatility (${JSON.stringify(r)})`,
    );
}

const g = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number): number => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/**
 * The new volatility (the paper's step 5): the root of f by the Illinois algorithm, a regula
 * falsi that halves the stale end's value.
 */
function newVolatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; Math.abs(B - A) > EPSILON && i < 1000; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/**
 * A player's rating after a rating period with these results (steps 2 to 8 of the paper). With
 * no game, only the deviation grows, by the volatility.
 */
export function rate(player: Rating, results: readonly GameResult[], tau = TAU): Rating {
  check(player, 'the player');
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (results.length === 0) return { ...player, deviation: Math.sqrt(phi * phi + sigma * sigma) * SCALE };
  let vInverse = 0;
  let sum = 0;
  for (const { opponent, score } of results) {
    check(opponent, 'an opponent');
    if (score !== 0 && score !== 0.5 && score !== 1)
      throw new RangeError(`a score is 0, 0.5 or 1, not ${String(score)}`);
    const muJ = (opponent.rating - 1500) / SCALE;
    const phiJ = opponent.deviation / SCALE;
    const e = expected(mu, muJ, phiJ);
    vInverse += g(phiJ) ** 2 * e * (1 - e);
    sum += g(phiJ) * (score - e);
  }
  const v = 1 / vInverse;
  const delta = v * sum;
  const sigmaNew = newVolatility(phi, sigma, v, delta, tau);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: muNew * SCALE + 1500, deviation: phiNew * SCALE, volatility: sigmaNew };
}

/** Both players' ratings after one game between them (each game its own rating period). */
export function rateGame(a: Rating, b: Rating, scoreOfA: 0 | 0.5 | 1, tau = TAU): [Rating, Rating] {
  const scoreOfB = (1 - scoreOfA) as 0 | 0.5 | 1;
  return [rate(a, [{ opponent: b, score: scoreOfA }], tau), rate(b, [{ opponent: a, score: scoreOfB }], tau)];
}
