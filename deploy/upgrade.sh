#!/bin/sh
# Installs or upgrades Brandubh & Ard Ri with the server down only while it restarts
# (docs/deploy.md, "Upgrades"). Each version is built in a release folder of its own, beside the
# one the server runs; the running server's files are never touched:
#
#   /opt/tafl/repo                  a clone of the repository: fetched, never built in
#   /opt/tafl/releases/TIME-COMMIT  one checkout per version, built by `npm ci`
#   /opt/tafl/current               a link to the release tafl.service runs
#   /opt/tafl/previous              a link to the one it ran before
#
#   deploy/upgrade.sh [REF]   fetch, build REF (a branch, tag or commit; default: the branch the
#                             clone follows) in a new release, check that it starts and serves
#                             its page, switch `current` to it and restart the service
#   deploy/upgrade.sh back    switch `current` back to `previous` and restart the service
#
# A failed fetch, build or check stops here: `current` and the running server stay as they were,
# and the new folder is removed. The first install has no `current`: it is made, and nothing is
# restarted (systemctl enable --now tafl starts it). Run it as root, from any release or from the
# clone. The database is migrated by the new server at its start; going back to an older release
# does not undo that (docs/deploy.md says when to restore the backup taken before).
#
# Settings, from the environment (their defaults are the guide's):
#   TAFL_HOME     /opt/tafl
#   TAFL_ENV      /etc/tafl/tafl.env: where the service listens (SOCKET, or HOST and PORT), to
#                 wait for it after the restart
#   TAFL_BUILD    npm ci: how a release is installed and built, run inside it
#   TAFL_RESTART  systemctl restart tafl: also every other process of the service
#                 (systemctl restart tafl tafl-2)
#   TAFL_KEEP     3: releases kept, `current` and `previous` among them
set -eu

home=${TAFL_HOME:-/opt/tafl}
env_file=${TAFL_ENV:-/etc/tafl/tafl.env}
build=${TAFL_BUILD:-npm ci}
restart=${TAFL_RESTART:-systemctl restart tafl}
keep=${TAFL_KEEP:-3}

say() { printf 'upgrade: %s\n' "$*" >&2; }
fail() {
  say "$*"
  exit 1
}

# A setting of the service's environment file (KEY=value lines), empty when absent.
setting() {
  [ -r "$env_file" ] || return 0
  sed -n "s/^[[:space:]]*$1=[[:space:]]*//p" "$env_file" | tail -n 1 | sed 's/[[:space:]]*$//'
}

# `curl` of PATH on the server as the service listens (a Unix socket or HOST:PORT).
ask() {
  socket=$(setting SOCKET)
  if [ -n "$socket" ]; then
    curl -fsS --max-time 5 --unix-socket "$socket" "http://localhost$1"
  else
    host=$(setting HOST)
    port=$(setting PORT)
    case ${host:-127.0.0.1} in
      *:*) host="[${host}]" ;;
    esac
    curl -fsS --max-time 5 "http://${host:-127.0.0.1}:${port:-8080}$1"
  fi
}

# Waits up to 60 s for the restarted server to answer /readyz.
wait_ready() {
  tries=0
  until ask /readyz >/dev/null 2>&1; do
    tries=$((tries + 1))
    [ "$tries" -lt 240 ] || fail "the server does not answer /readyz after the restart: journalctl -u tafl; deploy/upgrade.sh back returns to the release before"
    sleep 0.25
  done
}

# Starts the release in $1 on a scratch SQLite folder and a socket of its own, with none of the
# service's settings (so it cannot touch the real database), and asks for /readyz and the page.
check() {
  scratch=$(mktemp -d)
  socket="$scratch/check.sock"
  env -i PATH="$PATH" HOME="$scratch" SOCKET="$socket" TRUST_PROXY=1 DATA_DIR="$scratch" \
    node "$1/packages/server/dist/main.js" >"$scratch/log" 2>&1 9>&- &
  pid=$!
  ok=
  tries=0
  while [ "$tries" -lt 120 ] && kill -0 "$pid" 2>/dev/null; do
    if curl -fsS --max-time 5 --unix-socket "$socket" http://localhost/readyz >/dev/null 2>&1 &&
      curl -fsS --max-time 5 --unix-socket "$socket" http://localhost/ | grep -qi '<!doctype html>'; then
      ok=yes
      break
    fi
    tries=$((tries + 1))
    sleep 0.25
  done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  [ -n "$ok" ] || {
    cat "$scratch/log" >&2
    rm -rf "$scratch"
    return 1
  }
  rm -rf "$scratch"
}

# Points `current` at release $1 (and `previous` at what `current` was), each in one rename.
switch_to() {
  old=$(readlink "$home/current" 2>/dev/null || true)
  ln -sfn "$1" "$home/current.new"
  mv -T "$home/current.new" "$home/current"
  if [ -n "$old" ] && [ "$old" != "$1" ]; then
    ln -sfn "$old" "$home/previous.new"
    mv -T "$home/previous.new" "$home/previous"
  fi
  [ -n "$old" ]
}

# Removes all but the newest $keep releases, never `current` nor `previous`.
prune() {
  current=$(readlink -f "$home/current" 2>/dev/null || true)
  previous=$(readlink -f "$home/previous" 2>/dev/null || true)
  ls -1d "$home"/releases/*/ 2>/dev/null | sed 's#/$##' | sort -r | tail -n +"$((keep + 1))" |
    while read -r old; do
      [ "$old" = "$current" ] || [ "$old" = "$previous" ] || rm -rf "$old"
    done
}

restart_service() {
  say "restarting: $restart"
  started=$(date +%s)
  sh -c "$restart" 9>&-
  wait_ready
  say "the server answers again ($(($(date +%s) - started)) s after the restart began)"
}

back() {
  target=$(readlink "$home/previous" 2>/dev/null) || fail "no previous release to go back to"
  switch_to "$target" >/dev/null || true
  say "current is $target again"
  restart_service
}

upgrade() {
  repo="$home/repo"
  [ -d "$repo/.git" ] || fail "$repo is not a clone: git clone URL $repo first (docs/deploy.md, Install)"
  say "fetching"
  git -C "$repo" fetch --quiet --tags --prune origin
  ref=${1:-}
  if [ -z "$ref" ]; then
    commit=$(git -C "$repo" rev-parse --verify --quiet 'origin/HEAD^{commit}' ||
      git -C "$repo" rev-parse --verify 'HEAD^{commit}')
  else
    commit=$(git -C "$repo" rev-parse --verify --quiet "origin/$ref^{commit}" ||
      git -C "$repo" rev-parse --verify --quiet "$ref^{commit}") || fail "no such branch, tag or commit: $ref"
  fi
  release="$home/releases/$(date -u +%Y%m%dT%H%M%SZ)-$(printf '%.12s' "$commit")"
  mkdir -p "$home/releases"
  say "building $commit in $release"
  trap 'rm -rf "$release"; say "failed: the running server and $home/current are unchanged"' EXIT
  git clone --quiet --no-checkout "$repo" "$release"
  git -C "$release" -c advice.detachedHead=false checkout --quiet --detach "$commit"
  (cd "$release" && sh -c "$build" 9>&-) || fail "the build ($build) failed: see its output above"
  say "checking that it starts and serves the app"
  check "$release" || fail "the new release does not start: see its output above"
  trap - EXIT
  if switch_to "$release"; then
    restart_service
  else
    say "first release: $home/current is $release; start it with systemctl enable --now tafl"
  fi
  prune
}

# The whole script is read before it runs: a release that replaced it would not change it midway.
# The lock is held on file descriptor 9, closed for every command started from here.
main() {
  case ${1:-} in
    -h | --help)
      sed -n '2,/^set -eu$/p' "$0" | sed '$d'
      return
      ;;
  esac
  mkdir -p "$home"
  exec 9>"$home/.upgrade.lock"
  flock -n 9 || fail "another upgrade is running"
  case ${1:-} in
    back) back ;;
    *) upgrade "${1:-}" ;;
  esac
}

main "$@"
