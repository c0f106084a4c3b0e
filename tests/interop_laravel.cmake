# SPDX-License-Identifier: GPL-3.0-or-later
# tst_interop_laravel: the built-in profile "laravel" against the real Laravel (Debian's
# php-laravel-framework run by php-cli, the scripts in interop/laravel), per backend (about 2 s
# each), label interop. Skipped without PHP and Laravel unless LOCKSCOPE_TEST_REQUIRE lists
# interop.
lockscope_backend_test(interop_laravel TIMEOUT 120)
target_compile_definitions(tst_interop_laravel PRIVATE
    LOCKCTL_PATH="$<TARGET_FILE:lockctl>"
    LOCKSCOPE_LARAVEL_SCRIPTS="${CMAKE_CURRENT_SOURCE_DIR}/interop/laravel")
add_dependencies(tst_interop_laravel lockctl)
foreach(backend IN LISTS LOCKSCOPE_BACKENDS)
    set_property(TEST interop_laravel_${backend} APPEND PROPERTY LABELS interop)
endforeach()
