# cpack -G DEB (from the build directory: cpack -G DEB, or tests/package.cmake's package_deb):
# two Debian packages, from the install() components.
#   lockscope         (apps)  lockscope, lockctl, the desktop entry, icon, AppStream metadata,
#                             lockctl's man page and bash completion
#   liblockscope-dev  (devel) lockcore (static), its headers and CMake package
# The shared libraries they link are found by dpkg-shlibdeps (dpkg-dev). What it cannot see,
# because Qt loads it at run time as a plugin, is named here: the SQL drivers and the
# platform plugin of the window.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME lockscope)
set(CPACK_PACKAGE_VENDOR "The Lockscope developers")
# Each package's Description starts with its own summary line (below); CPack would put the
# project's DESCRIPTION before it.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "")
set(LOCKSCOPE_PACKAGE_MAINTAINER "The Lockscope developers <lockscope@packages.invalid>"
    CACHE STRING "The Maintainer field of the Debian packages")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${LOCKSCOPE_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_PRE_BUILD_SCRIPTS ${CMAKE_CURRENT_LIST_DIR}/LockscopeCPackStrip.cmake)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL apps devel)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # lockscope_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)

set(CPACK_DEBIAN_APPS_PACKAGE_NAME lockscope)
set(CPACK_DEBIAN_APPS_PACKAGE_SECTION database)
# Added to what dpkg-shlibdeps finds: the SQLite driver (the default database and the demo)
# and the xcb/wayland platform plugins the window needs.
set(CPACK_DEBIAN_APPS_PACKAGE_DEPENDS "libqt6sql6-sqlite, qt6-qpa-plugins")
set(CPACK_DEBIAN_APPS_PACKAGE_RECOMMENDS
    "libqt6sql6-psql, libqt6sql6-mysql, qt6-wayland, hicolor-icon-theme")
set(CPACK_DEBIAN_APPS_PACKAGE_SUGGESTS "libqt6sql6-odbc, qt6-translations-l10n")
# The Description field: its summary line, then paragraphs (CPack indents them and writes the
# empty line between them as " .").
set(CPACK_DEBIAN_APPS_DESCRIPTION
"distributed locks in a database table: monitor and command-line tool
Lockscope shows and manages the distributed locks that applications keep in a table of their \
database (SQLite, PostgreSQL, MariaDB, MySQL, Oracle): who holds each lock, its fencing token \
and its lease, counted on the database's own clock.

This package holds the window (lockscope) and the command-line tool (lockctl), which also \
runs a command under a lock.")

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
lockcore takes, renews and releases leases on locks kept in a table of the application's \
database (SQLite, PostgreSQL, MariaDB, MySQL, Oracle), with a fencing token on every grant; \
only the database clock decides expiry.

This package holds the static library, its headers and the CMake package: \
find_package(Lockscope) gives Lockscope::lockcore.")

include(CPack)
