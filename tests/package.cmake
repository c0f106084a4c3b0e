# SPDX-License-Identifier: GPL-3.0-or-later
# The installed product (label package; scripts/test's "package:" line counts the package_*
# and example_* tests). Included by tests/CMakeLists.txt when the tools are built. The scripts
# are in tests/package/; each exits 77 (skipped) when a tool it needs is missing.
#
#   package_desktopfile, package_metainfo  the window's .desktop file and AppStream metadata
#                                          pass desktop-file-validate and appstreamcli --strict
#   package_reuse                          reuse lint: every file's licence and copyright
#   package_spdx                           each file's SPDX line, with its part's licence
#   package_manpage, package_completion    lockctl's man page and bash completion against
#                                          "lockctl --help" and each command's --help
#   package_manpage_lockscope              lockscope(1) against "lockscope --help"
#   package_systemd_unit                   the exporter's systemd unit passes systemd-analyze
#                                          verify (with this build's lockctl)
#   package_install                        cmake --install into <build>/test-install: the
#                                          API headers only (lockcore_api_headers())
#   package_headers                        each installed header compiles on its own as
#                                          <lockscope/x.h>; glibc's <error.h> beside them
#   package_example_build                  examples/ built against that install only
#   example_<backend>                      the example holds a lock on each backend
#   package_deb                            cpack -G DEB into <build>/packages: lockctl,
#                                          lockscope and liblockscope-dev, each its files
#                                          and Depends
#   package_lintian                        lintian on each .deb: no error, no warning
#   package_cleanroot                      the .debs on a clean Debian 12 root (root only):
#                                          lockctl alone (what it pulls, SQLite, exporter),
#                                          then lockscope, then examples/ built against
#                                          liblockscope-dev
set(LOCKSCOPE_PACKAGE_SCRIPTS ${CMAKE_CURRENT_SOURCE_DIR}/package)
set(LOCKSCOPE_TEST_PREFIX ${CMAKE_BINARY_DIR}/test-install)
set(LOCKSCOPE_EXAMPLE_BUILD ${CMAKE_BINARY_DIR}/test-examples)
set(LOCKSCOPE_APP_ID io.github.lockscope.Lockscope)

# lockscope_package_test(NAME COMMAND...): a test of the package label, skipped on 77.
function(lockscope_package_test name)
    add_test(NAME ${name} COMMAND ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS package SKIP_RETURN_CODE 77 TIMEOUT 300)
endfunction()

lockscope_package_test(package_desktopfile ${LOCKSCOPE_PACKAGE_SCRIPTS}/validate.sh
    desktop-file-validate ${PROJECT_SOURCE_DIR}/resources/desktop/${LOCKSCOPE_APP_ID}.desktop)
lockscope_package_test(package_metainfo ${LOCKSCOPE_PACKAGE_SCRIPTS}/validate.sh
    appstreamcli validate --no-net --strict
    ${PROJECT_SOURCE_DIR}/resources/desktop/${LOCKSCOPE_APP_ID}.metainfo.xml)

# Every file of the source tree says its licence and copyright (SPDX lines, .reuse/dep5), and
# every file that can carry a comment has its part's licence in its first lines (dep5 gives a
# licence to every file, so reuse lint alone would not miss a header).
lockscope_package_test(package_reuse ${LOCKSCOPE_PACKAGE_SCRIPTS}/validate.sh
    reuse --root ${PROJECT_SOURCE_DIR} lint)
lockscope_package_test(package_spdx bash ${LOCKSCOPE_PACKAGE_SCRIPTS}/spdxheaders.sh
    ${PROJECT_SOURCE_DIR})

lockscope_package_test(package_manpage ${LOCKSCOPE_PACKAGE_SCRIPTS}/manpage.sh
    $<TARGET_FILE:lockctl> ${PROJECT_SOURCE_DIR}/resources/man/lockctl.1)
lockscope_package_test(package_completion bash ${LOCKSCOPE_PACKAGE_SCRIPTS}/completion.sh
    $<TARGET_FILE:lockctl> ${PROJECT_SOURCE_DIR}/resources/completion/lockctl.bash)
lockscope_package_test(package_manpage_lockscope ${LOCKSCOPE_PACKAGE_SCRIPTS}/windowmanpage.sh
    $<TARGET_FILE:lockscope> ${PROJECT_SOURCE_DIR}/resources/man/lockscope.1)
lockscope_package_test(package_systemd_unit ${LOCKSCOPE_PACKAGE_SCRIPTS}/systemd-unit.sh
    ${PROJECT_SOURCE_DIR}/resources/systemd/lockscope-exporter@.service $<TARGET_FILE:lockctl>
    ${PROJECT_SOURCE_DIR}/resources/man/lockctl.1 ${CMAKE_BINARY_DIR}/test-systemd-unit)

# The example is built against the installed package, never against this tree.
lockscope_package_test(package_install ${LOCKSCOPE_PACKAGE_SCRIPTS}/install.sh
    ${CMAKE_BINARY_DIR} ${LOCKSCOPE_TEST_PREFIX} ${PROJECT_SOURCE_DIR} ${PROJECT_VERSION})
set_tests_properties(package_install PROPERTIES FIXTURES_SETUP lockscope_installed)
lockscope_package_test(package_headers ${LOCKSCOPE_PACKAGE_SCRIPTS}/headers.sh
    ${LOCKSCOPE_TEST_PREFIX} ${CMAKE_BINARY_DIR}/test-headers ${CMAKE_CXX_COMPILER})
set_tests_properties(package_headers PROPERTIES FIXTURES_REQUIRED lockscope_installed)
lockscope_package_test(package_example_build ${LOCKSCOPE_PACKAGE_SCRIPTS}/build-example.sh
    ${PROJECT_SOURCE_DIR} ${LOCKSCOPE_TEST_PREFIX} ${LOCKSCOPE_EXAMPLE_BUILD}
    ${CMAKE_CXX_COMPILER})
set_tests_properties(package_example_build PROPERTIES
    FIXTURES_REQUIRED lockscope_installed FIXTURES_SETUP lockscope_example)
lockscope_backend_test(example)
target_compile_definitions(tst_example PRIVATE
    LOCKSCOPE_EXAMPLE_PATH="${LOCKSCOPE_EXAMPLE_BUILD}/lockedjob/lockedjob")
add_dependencies(tst_example lockctl)
foreach(backend IN LISTS LOCKSCOPE_BACKENDS)
    set_property(TEST example_${backend} APPEND PROPERTY LABELS package)
    set_property(TEST example_${backend} APPEND PROPERTY FIXTURES_REQUIRED lockscope_example)
endforeach()

# The Debian packages, lintian on them, and them installed on a clean Debian 12 root.
lockscope_package_test(package_deb ${LOCKSCOPE_PACKAGE_SCRIPTS}/make-deb.sh
    ${CMAKE_BINARY_DIR} ${CMAKE_BINARY_DIR}/packages ${PROJECT_VERSION})
set_tests_properties(package_deb PROPERTIES FIXTURES_SETUP lockscope_deb)
lockscope_package_test(package_lintian ${LOCKSCOPE_PACKAGE_SCRIPTS}/lintian.sh
    ${CMAKE_BINARY_DIR}/packages)
set_tests_properties(package_lintian PROPERTIES FIXTURES_REQUIRED lockscope_deb)
lockscope_package_test(package_cleanroot ${LOCKSCOPE_PACKAGE_SCRIPTS}/clean-root.sh
    ${CMAKE_BINARY_DIR}/packages ${CMAKE_BINARY_DIR}/package-root ${PROJECT_VERSION}
    ${PROJECT_SOURCE_DIR})
set_tests_properties(package_cleanroot PROPERTIES FIXTURES_REQUIRED lockscope_deb TIMEOUT 1800)
