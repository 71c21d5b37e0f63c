// The players' pages' pure pieces (src/players/format.ts, graph.ts, text.ts): a rating with its
// `?`, deviations and rating changes, a side's score in percent, a game's outcome for a player,
// and the rating history graph's geometry.
import { describe, expect, it } from 'vitest';
import type { RatingPoint } from '@tafl/server/protocol';
import { CATALOGUES, LANGUAGES } from '../src/i18n/index.js';
import {
  dateText,
  deviationText,
  diffText,
  isFamily,
  outcomeFor,
  pointsText,
  ratingText,
  scorePercent,
} from '../src/players/format.js';
import {
  BAND_RANGE_CAP,
  GRAPH_BOX,
  START,
  layoutGraph,
  ratingSeries,
  tickStep,
} from '../src/players/graph.js';
import { PLAYERS_TEXT, familyName, playersText } from '../src/players/text.js';

describe('ratings in words', () => {
  it('rounds a rating and marks a provisional one with ?', () => {
    expect(ratingText({ rating: 1619.6, provisional: true })).toBe('1620?');
    expect(ratingText({ rating: 1487.2, provisional: false })).toBe('1487');
  });

  it('shows a deviation as ± and a rating change with its sign, a minus sign for a loss', () => {
    expect(deviationText(84.6)).toBe('±85');
    expect(diffText(12.4)).toBe('+12');
    expect(diffText(-8)).toBe('−8');
    expect(diffText(-8)).not.toContain('-');
    expect(diffText(0.2)).toBe('0');
  });

  it('counts a side’s score as points won out of games, a draw half a point', () => {
    expect(scorePercent({ games: 0, wins: 0, draws: 0, losses: 0 })).toBeNull();
    expect(scorePercent({ games: 4, wins: 1, draws: 1, losses: 2 })).toBe(38);
    expect(scorePercent({ games: 3, wins: 3, draws: 0, losses: 0 })).toBe(100);
    expect(scorePercent({ games: 3, wins: 0, draws: 0, losses: 3 })).toBe(0);
  });

  it('says how a game went for the player of a side', () => {
    expect(outcomeFor({ winner: 'attackers', reason: 'resignation' }, 'attackers')).toBe('won');
    expect(outcomeFor({ winner: 'attackers', reason: 'resignation' }, 'defenders')).toBe('lost');
    expect(outcomeFor({ winner: 'draw', reason: 'agreement' }, 'defenders')).toBe('drawn');
    expect(outcomeFor({ winner: 'none', reason: 'aborted' }, 'defenders')).toBe('none');
    expect(outcomeFor(null, 'defenders')).toBeNull();
  });

  it('knows the rating families and nothing else', () => {
    expect(isFamily('brandubh')).toBe(true);
    expect(isFamily('ard-ri')).toBe(true);
    expect(isFamily('tablut')).toBe(false);
    expect(isFamily(undefined)).toBe(false);
  });

  it('writes dates and points in the page’s language', () => {
    const at = Date.UTC(2026, 10, 26, 12);
    expect(dateText('en', at)).toContain('2026');
    expect(dateText('fr', at)).toMatch(/nov/i);
    expect(pointsText('en', 2.5)).toBe('2.5');
    expect(pointsText('fr', 2.5)).toBe('2,5');
  });
});

const point = (rating: number, deviation: number, at: number, game = `g${at}`): RatingPoint => ({
  rating,
  deviation,
  at,
  game,
});

describe('the rating history graph', () => {
  it('starts at a new player’s rating, then one point per rated game', () => {
    const series = ratingSeries([point(1662, 290, 1000), point(1600, 250, 2000)]);
    expect(series.map((s) => s.rating)).toEqual([START.rating, 1662, 1600]);
    expect(series[0]).toMatchObject({ at: null, game: null, deviation: 350 });
  });

  it('draws a polyline of as many points as the series, left to right, higher ratings higher up', () => {
    const layout = layoutGraph(ratingSeries([point(1662, 290, 1000)]));
    const pairs = layout.line.split(' ').map((xy) => xy.split(',').map(Number));
    expect(pairs).toHaveLength(2);
    const [[x0, y0], [x1, y1]] = pairs as [[number, number], [number, number]];
    expect(x0).toBe(GRAPH_BOX.left);
    expect(x1).toBe(GRAPH_BOX.width - GRAPH_BOX.right);
    expect(y1).toBeLessThan(y0);
    // Everything inside the plot area.
    for (const [, y] of pairs as [number, number][]) {
      expect(y).toBeGreaterThanOrEqual(GRAPH_BOX.top);
      expect(y).toBeLessThanOrEqual(GRAPH_BOX.height - GRAPH_BOX.bottom);
    }
  });

  it('spans the ratings with the deviation up to a cap, on round ticks, the band clamped inside', () => {
    const layout = layoutGraph(ratingSeries([point(1662, 290, 1000), point(1700, 200, 2000)]));
    expect(layout.min).toBeLessThanOrEqual(START.rating - BAND_RANGE_CAP);
    expect(layout.max).toBeGreaterThanOrEqual(1700 + BAND_RANGE_CAP);
    // Not the full ±350 of the start: the line would be flat.
    expect(layout.min).toBeGreaterThan(START.rating - 350);
    const step = layout.ticks[1]!.value - layout.ticks[0]!.value;
    expect(layout.ticks[0]!.value).toBe(layout.min);
    expect(layout.ticks.at(-1)!.value).toBe(layout.max);
    expect(layout.min % step).toBe(0);
    expect(layout.ticks.length).toBeLessThanOrEqual(6);
    const bandYs = layout.band.split(' ').map((xy) => Number(xy.split(',')[1]));
    expect(bandYs).toHaveLength(6);
    expect(Math.min(...bandYs)).toBeGreaterThanOrEqual(GRAPH_BOX.top);
    expect(Math.max(...bandYs)).toBeLessThanOrEqual(GRAPH_BOX.height - GRAPH_BOX.bottom);
  });

  it('has no start when the history holds only the latest games', () => {
    const series = ratingSeries([point(1662, 90, 1000), point(1600, 88, 2000)], 600);
    expect(series.map((s) => s.rating)).toEqual([1662, 1600]);
  });

  it('puts a single point in the middle', () => {
    const layout = layoutGraph([{ rating: 1500, deviation: 350, at: null, game: null }]);
    expect(layout.xs).toEqual([GRAPH_BOX.left + (GRAPH_BOX.width - GRAPH_BOX.left - GRAPH_BOX.right) / 2]);
  });

  it('chooses round tick steps for the span', () => {
    expect(tickStep(40)).toBe(10);
    expect(tickStep(300)).toBe(100);
    expect(tickStep(700)).toBe(200);
  });
});

/** Words that are the same in English and in another language (names, units, shared words). */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  es: ['familyBrandubh', 'familyArdRi'],
  fr: ['familyBrandubh', 'colDate', 'colScore'],
};

const sample = (value: unknown): string =>
  typeof value === 'function' ? (value as (...a: unknown[]) => string)('Brandubh', 3, 4) : String(value);

describe('the players’ words', () => {
  for (const lang of ['es', 'fr'] as const)
    it(`${lang}: every key, none empty, translated`, () => {
      const keys = Object.keys(PLAYERS_TEXT.en) as (keyof (typeof PLAYERS_TEXT)['en'])[];
      expect(Object.keys(PLAYERS_TEXT[lang]).sort()).toEqual([...keys].sort());
      for (const key of keys) {
        const here = sample(PLAYERS_TEXT[lang][key]);
        expect(here.trim(), `${lang}.${key}`).not.toBe('');
        if (!SAME_AS_ENGLISH[lang]!.includes(key))
          expect(here, `${lang}.${key}`).not.toBe(sample(PLAYERS_TEXT.en[key]));
      }
    });

  it('are there in every language, for both families, with the graph’s summary', () => {
    for (const lang of LANGUAGES) {
      const p = playersText(CATALOGUES[lang]);
      expect(p).toBe(PLAYERS_TEXT[lang]);
      expect(familyName(p, 'brandubh')).toMatch(/Brandubh/);
      expect(p.graphLabel(1500, 1620, 12)).toMatch(/1500.*1620.*12/);
      expect(p.ratedGames(1)).not.toBe(p.ratedGames(2).replace('2', '1'));
      for (const [key, value] of Object.entries(p)) expect(value, `${lang}.${key}`).toBeTruthy();
    }
  });
});
