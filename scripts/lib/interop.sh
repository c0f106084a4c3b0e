# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# The real libraries that write the lock tables of Lockscope's built-in profiles
# (docs/profiles.md), for the interoperation tests of scripts/test (tests/interop/):
#  - Debian packages: PHP with Laravel's framework (cache_locks), Java with Quartz and the JDBC
#    drivers of both servers;
#  - npm packages, versions pinned in tests/interop/node/package-lock.json (knex,
#    graphile-worker and their drivers), installed with `npm ci` into the build directory.
# Sourced after common.sh.

# shellcheck disable=SC2034
interop_packages=(nodejs php-cli php-pgsql php-mysql php-sqlite3 php-laravel-framework
    default-jdk-headless libquartz2-java libpostgresql-jdbc-java libmariadb-java)

# interop_npm_install BUILD_DIR: install tests/interop/node's locked packages once per lock file
# into the cache ($XDG_CACHE_HOME/lockscope/interop-node/<hash of the lock file>: better-sqlite3
# compiles for about a minute) and link BUILD_DIR/interop/node/node_modules to them.
interop_npm_install() {
    local build=$1 src="$ROOT/tests/interop/node" hash cache dest
    command -v npm >/dev/null || ensure_packages npm
    hash=$(cat "$src/package.json" "$src/package-lock.json" | sha256sum | cut -c1-16)
    cache="${XDG_CACHE_HOME:-$HOME/.cache}/lockscope/interop-node/$hash"
    dest="$build/interop/node"
    if [[ ! -f $cache/.complete ]]; then
        log "installing the npm packages of the interoperation tests into $cache"
        rm -rf "$cache"
        mkdir -p "$cache"
        cp "$src/package.json" "$src/package-lock.json" "$cache/"
        (cd "$cache" && npm ci --no-audit --no-fund --loglevel=error >&2) || {
            rm -rf "$cache"
            return 1
        }
        touch "$cache/.complete"
    fi
    mkdir -p "$dest"
    rm -rf "$dest/node_modules"
    ln -s "$cache/node_modules" "$dest/node_modules"
}
