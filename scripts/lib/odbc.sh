# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# ODBC data sources for the test servers: odbc_configure DIR. Sourced after common.sh, called
# after pg_start and mariadb_start (it reads the URLs they export).
#
# DIR gets an odbcinst.ini naming the two drivers of the Debian packages odbc-postgresql
# (psqlODBC) and odbc-mariadb (MariaDB Connector/ODBC), and an odbc.ini with one data source per
# server: lockscope_pg and lockscope_mariadb. unixODBC is pointed at them (ODBCSYSINI, ODBCINI),
# so the system's /etc/odbc*.ini are neither read nor changed. The data sources hold no
# password: it comes from the URL, as an ops person's would. Exported:
#   LOCKSCOPE_TEST_ODBC_POSTGRESQL_URL=odbc://lockscope:PW@lockscope_pg
#   LOCKSCOPE_TEST_ODBC_MARIADB_URL=odbc://lockscope:PW@lockscope_mariadb

# odbc_driver_library PACKAGE FILE: print the path of the driver library FILE that the installed
# Debian PACKAGE holds (the multiarch directory from its own file list).
odbc_driver_library() {
    local package=$1 file=$2 path
    path=$(dpkg -L "$package" 2>/dev/null | grep -m 1 "/$file\$") || true
    if [[ -z $path || ! -f $path ]]; then
        log "error: the ODBC driver $file was not found (is the package $package installed?)"
        return 1
    fi
    echo "$path"
}

# odbc_url_parts URL: print "user password host port database" of a
# scheme://user:password@host:port/database URL (the test servers' form).
odbc_url_parts() {
    local url=$1
    local re='^[a-z]+://([^:@/]+):([^@/]*)@([^:/]+):([0-9]+)/([^/?]+)$'
    if [[ ! $url =~ $re ]]; then
        log "error: cannot read user, password, host, port and database from a test server URL"
        return 1
    fi
    echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${BASH_REMATCH[3]} ${BASH_REMATCH[4]} ${BASH_REMATCH[5]}"
}

# odbc_configure DIR: write DIR/odbcinst.ini and DIR/odbc.ini and export the ODBC variables.
odbc_configure() {
    local dir=$1 psql maodbc pg_parts maria_parts
    [[ -n ${LOCKSCOPE_TEST_POSTGRESQL_URL:-} && -n ${LOCKSCOPE_TEST_MARIADB_URL:-} ]] || {
        log "error: odbc_configure needs the test servers' URLs (start them first)"
        return 1
    }
    psql=$(odbc_driver_library odbc-postgresql psqlodbcw.so) || return 1
    maodbc=$(odbc_driver_library odbc-mariadb libmaodbc.so) || return 1
    read -r -a pg_parts < <(odbc_url_parts "$LOCKSCOPE_TEST_POSTGRESQL_URL") || return 1
    read -r -a maria_parts < <(odbc_url_parts "$LOCKSCOPE_TEST_MARIADB_URL") || return 1
    [[ ${#pg_parts[@]} -eq 5 && ${#maria_parts[@]} -eq 5 ]] || return 1
    mkdir -p "$dir" || return 1

    cat >"$dir/odbcinst.ini" <<INI || return 1
[PostgreSQL Unicode]
Description = psqlODBC, the PostgreSQL ODBC driver (odbc-postgresql)
Driver = $psql

[MariaDB Unicode]
Description = MariaDB Connector/ODBC (odbc-mariadb)
Driver = $maodbc
INI
    # Each driver's defaults, as an ops person's data source would have them (MariaDB's without
    # its multi-statement option: lockcore sends one statement per call); TLS off, as the other
    # suites connect (scripts/test: PGSSLMODE=disable).
    cat >"$dir/odbc.ini" <<INI || return 1
[lockscope_pg]
Description = The PostgreSQL test server of scripts/test
Driver = PostgreSQL Unicode
Servername = ${pg_parts[2]}
Port = ${pg_parts[3]}
Database = ${pg_parts[4]}
SSLMode = disable

[lockscope_mariadb]
Description = The MariaDB test server of scripts/test
Driver = MariaDB Unicode
Server = ${maria_parts[2]}
Port = ${maria_parts[3]}
Database = ${maria_parts[4]}
INI
    export ODBCSYSINI=$dir ODBCINI=$dir/odbc.ini
    export LOCKSCOPE_TEST_ODBC_POSTGRESQL_URL="odbc://${pg_parts[0]}:${pg_parts[1]}@lockscope_pg"
    export LOCKSCOPE_TEST_ODBC_MARIADB_URL="odbc://${maria_parts[0]}:${maria_parts[1]}@lockscope_mariadb"
    log "ODBC: data sources lockscope_pg and lockscope_mariadb in $dir/odbc.ini"
}
