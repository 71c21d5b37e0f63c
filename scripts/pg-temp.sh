#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests, on 127.0.0.1 only, in a fresh temporary directory.
#
#   eval "$(scripts/pg-temp.sh start)"   start it; prints the lines to eval:
#                                          export TAFL_TEST_PG=postgres://postgres@127.0.0.1:<port>/postgres
#                                          export TAFL_PG_TEMP=<its directory>
#   scripts/pg-temp.sh stop [<dir>]      stop it and remove its directory (default: $TAFL_PG_TEMP)
#
# Uses the newest /usr/lib/postgresql/*/bin; installs Debian's postgresql when there is none and
# we are root. As root the server runs as the `postgres` user (initdb refuses root). Trust
# authentication: anyone on this machine may connect while it runs.
set -euo pipefail

say() { printf 'pg-temp: %s\n' "$*" >&2; }
die() {
  say "$*"
  exit 1
}

# Runs a PostgreSQL binary as the user that owns the cluster.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

find_bin() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$bin" ]; then
    [ "$(id -u)" -eq 0 ] || die "PostgreSQL is missing (no /usr/lib/postgresql/*/bin), and only root may install it"
    say "installing PostgreSQL (apt-get)"
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    [ -n "$bin" ] || die "PostgreSQL is still missing after apt-get install postgresql"
  fi
  printf '%s\n' "$bin"
}

free_port() {
  node -e "const s = require('net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });"
}

start() {
  local bin dir port attempt
  bin=$(find_bin)
  dir=$(mktemp -d "${TMPDIR:-/tmp}/tafl-pg.XXXXXX")
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || die "there is no postgres user to run the server as"
    chown postgres: "$dir"
  fi
  if ! as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C --no-sync \
    >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    rm -rf "$dir"
    die "initdb failed"
  fi
  # The port is free when we look; another process may take it before the server does: retry.
  for attempt in 1 2 3 4 5; do
    port=$(free_port)
    if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir" start >/dev/null 2>&1; then
      printf "export TAFL_TEST_PG='postgres://postgres@127.0.0.1:%s/postgres'\n" "$port"
      printf "export TAFL_PG_TEMP='%s'\n" "$dir"
      say "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port, in $dir"
      return 0
    fi
    say "could not start on port $port (attempt $attempt)"
  done
  tail -n 20 "$dir/server.log" >&2 || true
  rm -rf "$dir"
  die "PostgreSQL did not start"
}

stop() {
  local dir=${1:-${TAFL_PG_TEMP:-}} bin
  [ -n "$dir" ] || die "usage: $0 stop <dir> (or set TAFL_PG_TEMP)"
  # Only ever remove a directory this script made.
  case "$(basename "$dir")" in
    tafl-pg.*) ;;
    *) die "$dir is not a directory made by pg-temp.sh" ;;
  esac
  [ -d "$dir" ] || return 0
  if [ -f "$dir/data/postmaster.pid" ]; then
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    [ -n "$bin" ] || die "PostgreSQL's binaries are gone: cannot stop the server of $dir"
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || say "pg_ctl stop failed"
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  *) die "usage: $0 start | stop [<dir>]" ;;
esac
