/**
 * Vitest global setup (vitest.config.ts): the PostgreSQL half of the server's tests runs only
 * when TAFL_TEST_PG is set, and is skipped otherwise; say so once, rather than skip in silence.
 */

export default function pgNotice(): void {
  if (process.env.TAFL_TEST_PG) return;
  console.log(
    'PostgreSQL tests skipped: TAFL_TEST_PG is not set (eval "$(scripts/pg-temp.sh start)" starts a throwaway server and sets it)',
  );
}
