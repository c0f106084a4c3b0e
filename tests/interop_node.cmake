# SPDX-License-Identifier: GPL-3.0-or-later
# The built-in profiles of the npm libraries against the real ones (tests/interop/node, versions
# pinned in its package-lock.json; scripts/test installs them into the build directory with
# interop_npm_install, scripts/lib/interop.sh), label interop; skipped without Node.js or the
# packages unless LOCKSCOPE_TEST_REQUIRE lists interop:
#  - tst_interop_knex: knex's migration lock, per backend (pg, mysql2, better-sqlite3);
#  - tst_interop_graphile: graphile-worker's job and queue locks, PostgreSQL only.
lockscope_backend_test(interop_knex TIMEOUT 120)
lockscope_backend_test(interop_graphile TIMEOUT 120 BACKENDS postgresql)
foreach(suite interop_knex interop_graphile)
    target_sources(tst_${suite} PRIVATE support/nodescript.cpp support/nodescript.h)
    target_compile_definitions(tst_${suite} PRIVATE
        LOCKSCOPE_NODE_SCRIPTS="${CMAKE_CURRENT_SOURCE_DIR}/interop/node"
        LOCKSCOPE_NODE_MODULES="${CMAKE_BINARY_DIR}/interop/node/node_modules")
    add_dependencies(tst_${suite} lockctl)
endforeach()
foreach(backend IN LISTS LOCKSCOPE_BACKENDS)
    set_property(TEST interop_knex_${backend} APPEND PROPERTY LABELS interop)
endforeach()
set_property(TEST interop_graphile_postgresql APPEND PROPERTY LABELS interop)
