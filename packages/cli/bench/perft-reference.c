/* perft for opentafl-brandub (7x7) in C with the same method as the TypeScript core: lines as
   small words (occupancy masks and 2-bit piece codes per square), per-line mobility tables for
   the bulk count, and quiet arrivals told by a table over the 5 squares around the arrival on
   its rank and file; at the last two plies quiet moves are counted without being made.
   Rules: rook moves; only the king stops on the throne (and may return) and on the corners;
   everyone passes the empty throne; custodial capture (empty corners hostile, the armed king
   captures and is hostile to attackers); the king is captured by two anywhere; he escapes on a
   corner; all attackers captured wins; a blocked side loses; threefold repetition draws.
   The C reference of `npm run bench` (TAFL_BENCH_C_PERFT6_MS, see the README); not built
   by npm. Build: gcc -O2 perft-reference.c -o perft-reference; run: ./perft-reference 6 [runs] */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;
enum { N = 7, SQ = 49, THRONE = 24, STATES = 1 << 14, EMPTY = 0, ATT = 1, DEF = 2, KING = 3 };

static uint16_t dest[4][14][7][128];         /* by code (1..3), line, pos, occupancy */
static uint16_t lm[3][STATES];               /* line class, state -> A moves | D moves << 8 */
static uint8_t quietWin[3][7][1024];         /* class, pos, window -> bit (1 << code) when quiet */
static int lineClass[14];
static int8_t nb[SQ][4];
static uint8_t corner[SQ];
static u64 zob[4][SQ], zturn;

static int8_t cells[SQ];
static int occ[14], state[14];
static int mob;                              /* packed mobility of both sides */
static u64 bb[2];                            /* attackers; defenders with the king */
static int counts[2], side, ply, irrev;
static u64 key, hist[64];

static int lineSq(int line, int pos) { return line < N ? line * N + pos : pos * N + (line - N); }
static int cls(int line) { int l = line % N; return l == 0 || l == 6 ? 0 : l == 3 ? 2 : 1; }

/* hostile to a victim soldier v, for the side that just moved (opentafl-brandub) */
static int hostileTo(const int8_t *c, int v, int s) {
  if (v == ATT) return c[s] == DEF || c[s] == KING || (c[s] == EMPTY && corner[s]);
  return c[s] == ATT || (c[s] == EMPTY && corner[s]);
}
static int quietAt(const int8_t *c, int code, int m) {
  for (int d = 0; d < 4; d++) {
    int n = nb[m][d];
    if (n < 0) continue;
    int v = c[n];
    if (v == EMPTY || (v == ATT) == (code == ATT)) continue;
    if (v == KING) return 0;
    int b = nb[n][d];
    if (b >= 0 && hostileTo(c, v, b)) return 0;
  }
  return 1;
}
/* captures of `code` arriving on m; pairs into out; returns count; -1 when the king falls */
static int collect(int code, int m, int *out) {
  int k = 0;
  for (int d = 0; d < 4; d++) {
    int n = nb[m][d];
    if (n < 0) continue;
    int v = cells[n];
    if (v == EMPTY || (v == ATT) == (code == ATT)) continue;
    int b = nb[n][d];
    if (b < 0) continue;
    if (v == KING) { if (cells[b] == ATT || (cells[b] == EMPTY && corner[b])) return -1; continue; }
    if (hostileTo(cells, v, b)) { out[2 * k] = n; out[2 * k + 1] = v; k++; }
  }
  return k;
}

static void init(void) {
  for (int s = 0; s < SQ; s++) {
    int f = s % N, r = s / N;
    corner[s] = (f == 0 || f == 6) && (r == 0 || r == 6);
    int df[4] = {0, 1, 0, -1}, dr[4] = {1, 0, -1, 0};
    for (int d = 0; d < 4; d++) {
      int nf = f + df[d], nr = r + dr[d];
      nb[s][d] = (nf < 0 || nr < 0 || nf >= N || nr >= N) ? -1 : nr * N + nf;
    }
  }
  for (int line = 0; line < 14; line++) lineClass[line] = cls(line);
  for (int code = 1; code <= 3; code++)
    for (int line = 0; line < 14; line++)
      for (int pos = 0; pos < N; pos++)
        for (int o = 0; o < 128; o++) {
          int mask = 0;
          for (int dir = -1; dir <= 1; dir += 2)
            for (int i = pos + dir; i >= 0 && i < N; i += dir) {
              if (o >> i & 1) break;
              int s = lineSq(line, i);
              if (s == THRONE || corner[s]) { if (code == KING) mask |= 1 << i; }
              else mask |= 1 << i;
            }
          dest[code][line][pos][o] = mask;
        }
  int rep[3] = {0, 1, 3};
  for (int c = 0; c < 3; c++) {
    int line = rep[c];
    for (int st = 0; st < STATES; st++) {
      int o = 0, packed = 0;
      for (int pos = 0; pos < N; pos++) if (st >> (2 * pos) & 3) o |= 1 << pos;
      for (int pos = 0; pos < N; pos++) {
        int code = st >> (2 * pos) & 3;
        if (!code) continue;
        int moves = __builtin_popcount(dest[code][line][pos][o]);
        packed += code == ATT ? moves : moves << 8;
      }
      lm[c][st] = packed;
    }
    int8_t tmp[SQ];
    for (int pos = 0; pos < N; pos++)
      for (int w = 0; w < 1024; w++) {
        memset(tmp, 0, sizeof tmp);
        int ok = (w >> 4 & 3) == 0;
        for (int j = 0; j < 5; j++) {
          int code = w >> (2 * j) & 3, at = pos - 2 + j;
          if (!code) continue;
          if (at < 0 || at >= N) ok = 0; else tmp[lineSq(line, at)] = code;
        }
        if (!ok) continue;
        int bits = 0;
        for (int code = 1; code <= 3; code++) if (quietAt(tmp, code, lineSq(line, pos))) bits |= 1 << code;
        quietWin[c][pos][w] = bits;
      }
  }
  u64 x = 88172645463325252ull;
  for (int c = 0; c < 4; c++)
    for (int s = 0; s < SQ; s++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; zob[c][s] = x; }
  x ^= x << 13; x ^= x >> 7; x ^= x << 17; zturn = x;
}

static inline void lineAdd(int line, int delta) {
  const uint16_t *t = lm[lineClass[line]];
  int s = state[line];
  state[line] = s + delta;
  mob += t[s + delta] - t[s];
}
static inline void put(int s, int c) {
  int r = s / N, f = s % N;
  cells[s] = c; occ[r] |= 1 << f; occ[N + f] |= 1 << r;
  lineAdd(r, c << (2 * f)); lineAdd(N + f, c << (2 * r));
  bb[c != ATT] |= 1ull << s; counts[c != ATT]++; key ^= zob[c][s];
}
static inline void take(int s, int c) {
  int r = s / N, f = s % N;
  cells[s] = EMPTY; occ[r] &= ~(1 << f); occ[N + f] &= ~(1 << r);
  lineAdd(r, -(c << (2 * f))); lineAdd(N + f, -(c << (2 * r)));
  bb[c != ATT] &= ~(1ull << s); counts[c != ATT]--; key ^= zob[c][s];
}
/* the moves of side sd (0 attackers, 1 defenders) in a packed mobility */
static inline int movesOf(int packed, int sd) { return sd == 0 ? packed & 255 : packed >> 8 & 255; }

/* plays a move; returns 1 when the game is over; caps receives the captured pairs */
static int make(int from, int to, int *caps, int *ncaps) {
  int c = cells[from];
  take(from, c); put(to, c);
  int over = 0, n = 0;
  if (c != KING || 1) { /* the king is armed */
    n = collect(c, to, caps);
    if (n < 0) { over = 1; n = 0; }
    for (int i = 0; i < n; i++) take(caps[2 * i], caps[2 * i + 1]);
  }
  *ncaps = n;
  if (c == KING && corner[to]) over = 1;
  side ^= 1; key ^= zturn; ply++; hist[ply] = key;
  if (n > 0) irrev = ply;
  if (!over && counts[0] == 0) over = 1;
  if (!over && ply - irrev >= 8) {
    int seen = 1;
    for (int p = ply - 2; p >= irrev; p -= 2) if (hist[p] == key && ++seen == 3) { over = 1; break; }
  }
  if (!over && movesOf(mob, side) == 0) over = 1; /* blocked: loses */
  return over;
}
static void unmake(int from, int to, const int *caps, int ncaps, int oldIrrev) {
  ply--; side ^= 1; key ^= zturn; irrev = oldIrrev;
  for (int i = 0; i < ncaps; i++) put(caps[2 * i], caps[2 * i + 1]);
  int c = cells[to];
  take(to, c); put(from, c);
}

/* the replies to every move of the side to move, quiet moves not made */
static u64 perft2(void) {
  u64 total = 0;
  int loud[256], nl = 0;
  int repetition = ply + 1 - irrev >= 8;
  for (u64 b = bb[side]; b; b &= b - 1) {
    int from = __builtin_ctzll(b), code = cells[from], bit = 1 << code;
    int r = from / N, f = from % N, col = N + f;
    const uint16_t *tr = lm[lineClass[r]], *tc = lm[lineClass[col]];
    int rs = state[r], cs = state[col];
    for (int dirLine = 0; dirLine < 2; dirLine++) {
      int along = dirLine == 0 ? r : col, at = dirLine == 0 ? f : r;
      int as = dirLine == 0 ? rs : cs, os = dirLine == 0 ? cs : rs;
      const uint16_t *ta = dirLine == 0 ? tr : tc, *to_ = dirLine == 0 ? tc : tr;
      int outDigit = code << (2 * (dirLine == 0 ? r : f));
      int before = mob - ta[as] + to_[os - outDigit] - to_[os];
      const uint8_t *wa = quietWin[lineClass[along]][0];
      for (int m = dest[code][along][at][occ[along]]; m; m &= m - 1) {
        int p = __builtin_ctz(m);
        int toSq = dirLine == 0 ? r * N + p : p * N + f;
        if (code == KING && corner[toSq]) continue;
        int cross = dirLine == 0 ? N + p : p;        /* the line it enters */
        int crossPos = dirLine == 0 ? r : f;
        int xs = state[cross];
        int q = wa[(p << 10) | ((as << 4) >> (2 * p) & 1023)] &
                quietWin[lineClass[cross]][crossPos][(xs << 4) >> (2 * crossPos) & 1023];
        if (!(q & bit)) { loud[nl++] = from << 8 | toSq; continue; }
        if (repetition) { loud[nl++] = from << 8 | toSq; continue; } /* made instead */
        const uint16_t *tx = lm[lineClass[cross]];
        int packed = before + ta[as - (code << (2 * at)) + (code << (2 * p))] + tx[xs + (code << (2 * crossPos))] - tx[xs];
        total += movesOf(packed, side ^ 1); /* blocked loses: no reply counts 0 */
      }
    }
  }
  for (int i = 0; i < nl; i++) {
    int caps[16], n, old = irrev;
    int from = loud[i] >> 8, to = loud[i] & 255;
    if (!make(from, to, caps, &n)) total += movesOf(mob, side);
    unmake(from, to, caps, n, old);
  }
  return total;
}

static u64 perft(int depth) {
  if (depth == 1) return movesOf(mob, side);
  if (depth == 2) return perft2();
  u64 total = 0;
  int moves[256], k = 0;
  for (u64 b = bb[side]; b; b &= b - 1) {
    int s = __builtin_ctzll(b), c = cells[s], r = s / N, f = s % N;
    for (int m = dest[c][r][f][occ[r]]; m; m &= m - 1) moves[k++] = s << 8 | (r * N + __builtin_ctz(m));
    for (int m = dest[c][N + f][r][occ[N + f]]; m; m &= m - 1) moves[k++] = s << 8 | (__builtin_ctz(m) * N + f);
  }
  for (int i = 0; i < k; i++) {
    int caps[16], n, old = irrev, from = moves[i] >> 8, to = moves[i] & 255;
    if (!make(from, to, caps, &n)) total += perft(depth - 1);
    unmake(from, to, caps, n, old);
  }
  return total;
}

int main(int argc, char **argv) {
  int depth = argc > 1 ? atoi(argv[1]) : 6, runs = argc > 2 ? atoi(argv[2]) : 1;
  init();
  const char *rows[7] = {"...a...", "...a...", "...d...", "aadKdaa", "...d...", "...a...", "...a..."};
  for (int r = 0; r < N; r++)
    for (int f = 0; f < N; f++) {
      char ch = rows[r][f];
      if (ch != '.') put(r * N + f, ch == 'a' ? ATT : ch == 'd' ? DEF : KING);
    }
  side = 0; hist[0] = key;
  double best = 1e99, bestCpu = 1e99; u64 n = 0;
  for (int i = 0; i < runs; i++) {
    struct timespec t0, t1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &t0); clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    n = perft(depth);
    clock_gettime(CLOCK_MONOTONIC, &t1); clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
    double cpu = (c1.tv_sec - c0.tv_sec) * 1e3 + (c1.tv_nsec - c0.tv_nsec) / 1e6;
    if (ms < best) best = ms;
    if (cpu < bestCpu) bestCpu = cpu;
  }
  printf("perft(%d) %llu wall %.1f ms cpu %.1f ms\n", depth, (unsigned long long)n, best, bestCpu);
  return 0;
}
