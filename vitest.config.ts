import { defineConfig } from 'vitest/config';

// glibc's malloc on transparent huge pages, for the test processes and every server they start:
// a sign-up or sign-in hashes its password with scrypt in 32 MiB of fresh memory, and where a page
// fault is dear (a virtual machine's: CI's faults a 4 KiB page in about 11 µs) faulting that in
// 4 KiB pages doubled the hash's time; the account-heavy test files ran about a third faster so.
// The kernel grants them on request (`madvise`, Debian's default); a glibc without the tunable, or
// another C library, ignores it. A value already set is kept.
process.env['GLIBC_TUNABLES'] ??= 'glibc.malloc.hugetlb=1';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    // Set-up hooks start real servers, processes and databases; on two loaded cores that can take
    // longer than vitest's default 10 s (a fresh-clone run beside a benchmark failed three files
    // so, every test of them passing once started).
    hookTimeout: 60_000,
    // Most server test files spend their time waiting on real processes, sockets and databases,
    // not computing: a third worker on the two cores of CI took the suite from 10 to 6 minutes.
    maxWorkers: 3,
    // One line when the PostgreSQL tests are skipped for want of TAFL_TEST_PG.
    globalSetup: ['packages/server/test/pg-notice.ts'],
    // The workspace's built packages (@tafl/core and @tafl/engine resolve to packages/*/dist) are
    // loaded by Node itself, not through the test runner's module transform: transformed, every
    // call between their modules goes through an import object, and the solver's and search's
    // hot loops ran three to four times slower (the puzzles' proofs: 69 s against 21 s).
    server: { deps: { external: [/\/packages\/[a-z]+\/dist\//] } },
  },
});
