# SPDX-License-Identifier: GPL-3.0-or-later
# cpack -G DEB (from the build directory: cpack -G DEB, or tests/package.cmake's package_deb):
# three Debian packages, from the install() components.
#   lockctl           (lockctl)   lockctl, its man page and bash completion, the exporter's
#                                 alert rules, Grafana dashboard and systemd unit: Qt Core,
#                                 Sql, Network and HttpServer, no desktop
#   lockscope         (lockscope) the window, its desktop entry, icon, AppStream metadata and
#                                 man page; depends on lockctl of the same version
#   liblockscope-dev  (devel)     lockcore (static), its headers and CMake package
# Each has its copyright file and changelog in /usr/share/doc/<package>/ (resources/debian/);
# tests/package/lintian.sh runs lintian on them. The shared libraries each links are found by
# dpkg-shlibdeps, per package. What it cannot see, because Qt loads it at run time as a
# plugin, is named here: the SQL drivers, and the platform plugins of the window.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME lockscope)
set(CPACK_PACKAGE_VENDOR "The Lockscope developers")
# Each package's Description starts with its own summary line (below); CPack would put the
# project's DESCRIPTION before it.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "")
set(LOCKSCOPE_PACKAGE_MAINTAINER "Lockscope maintainers <maintainers@lockscope.dev>"
    CACHE STRING "The Maintainer field of the Debian packages")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${LOCKSCOPE_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_PRE_BUILD_SCRIPTS ${CMAKE_CURRENT_LIST_DIR}/LockscopeCPackStrip.cmake)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL lockctl lockscope devel)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # lockctl_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# lockscope's Depends name lockctl (= its version): component dependencies become Depends.
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)
set(CPACK_COMPONENT_LOCKSCOPE_DEPENDS lockctl)

set(CPACK_DEBIAN_LOCKCTL_PACKAGE_NAME lockctl)
set(CPACK_DEBIAN_LOCKCTL_PACKAGE_SECTION database)
# Added to what dpkg-shlibdeps finds: the SQLite driver (the default database).
set(CPACK_DEBIAN_LOCKCTL_PACKAGE_DEPENDS "libqt6sql6-sqlite")
set(CPACK_DEBIAN_LOCKCTL_PACKAGE_RECOMMENDS "libqt6sql6-psql, libqt6sql6-mysql")
set(CPACK_DEBIAN_LOCKCTL_PACKAGE_SUGGESTS "libqt6sql6-odbc, prometheus")
# The Description field: its summary line, then paragraphs (CPack indents them and writes the
# empty line between them as " ."). Lines under 80 columns: lintian's
# extended-description-line-too-long.
set(CPACK_DEBIAN_LOCKCTL_DESCRIPTION
"distributed locks in a database table: command-line tool and exporter
Lockscope manages the distributed locks that applications keep in a table
of their database (SQLite, PostgreSQL, MariaDB, MySQL, Oracle): who holds
each lock, its fencing token and its lease, counted on the database's own
clock.

This package holds lockctl, the command-line tool: every lock operation,
a command run under a lock (for cron jobs), and lockctl exporter, which
serves lock tables to Prometheus, with its alert rules, Grafana dashboard
and systemd unit. It needs no desktop.")

set(CPACK_DEBIAN_LOCKSCOPE_PACKAGE_NAME lockscope)
set(CPACK_DEBIAN_LOCKSCOPE_PACKAGE_SECTION database)
# Added to what dpkg-shlibdeps finds: the xcb/wayland platform plugins the window needs.
set(CPACK_DEBIAN_LOCKSCOPE_PACKAGE_DEPENDS "qt6-qpa-plugins")
set(CPACK_DEBIAN_LOCKSCOPE_PACKAGE_RECOMMENDS "qt6-wayland, hicolor-icon-theme")
set(CPACK_DEBIAN_LOCKSCOPE_PACKAGE_SUGGESTS "qt6-translations-l10n")
set(CPACK_DEBIAN_LOCKSCOPE_DESCRIPTION
"distributed locks in a database table: monitor window
Lockscope shows and manages the distributed locks that applications keep in
a table of their database (SQLite, PostgreSQL, MariaDB, MySQL, Oracle): who
holds each lock, its fencing token and its lease, counted on the database's
own clock.

This package holds the window (lockscope): live holders and countdowns,
each lock's history, the admin actions and a contention simulator, in
English and Chinese.")

set(CPACK_DEBIAN_DEVEL_PACKAGE_NAME liblockscope-dev)
set(CPACK_DEBIAN_DEVEL_PACKAGE_SECTION libdevel)
# A consumer of the static lockcore links what it links (see cmake/LockscopeConfig.cmake.in).
set(lockscope_devel_depends "qt6-base-dev")
if(MARIADB_CAPI_FOUND OR LIBPQ_FOUND)
    string(APPEND lockscope_devel_depends ", pkgconf | pkg-config")
endif()
if(MARIADB_CAPI_FOUND)
    string(APPEND lockscope_devel_depends ", libmariadb-dev")
endif()
if(LIBPQ_FOUND)
    string(APPEND lockscope_devel_depends ", libpq-dev")
endif()
if(LIBSSL_FOUND)
    string(APPEND lockscope_devel_depends ", libssl-dev")
endif()
set(CPACK_DEBIAN_DEVEL_PACKAGE_DEPENDS "${lockscope_devel_depends}")
set(CPACK_DEBIAN_DEVEL_PACKAGE_RECOMMENDS "libqt6sql6-sqlite")
set(CPACK_DEBIAN_DEVEL_DESCRIPTION
"distributed locks in a database table: lockcore library (development)
lockcore takes, renews and releases leases on locks kept in a table of the
application's database (SQLite, PostgreSQL, MariaDB, MySQL, Oracle), with a
fencing token on every grant; only the database clock decides expiry.

This package holds the static library, its headers and the CMake package:
find_package(Lockscope) gives Lockscope::lockcore.")

include(CPack)
