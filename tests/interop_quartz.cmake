# SPDX-License-Identifier: GPL-3.0-or-later
# tst_interop_quartz: Quartz itself (Debian's libquartz2-java, JDBCJobStore, clustered) against
# lockctl's quartz and quartz-instances profiles, on PostgreSQL and MariaDB
# (interop_quartz_postgresql, interop_quartz_mariadb). The Java sources of
# tests/interop/quartz are compiled here, when javac and quartz2.jar are present; without them
# the suite skips, or fails when LOCKSCOPE_TEST_REQUIRE lists interop.
set(quartz_jar /usr/share/java/quartz2.jar)
set(quartz_classes ${CMAKE_CURRENT_BINARY_DIR}/interop/quartz)
set(quartz_sources QuartzNode.java StallingJobStore.java DriverManagerProvider.java FiredJob.java)
list(TRANSFORM quartz_sources PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/interop/quartz/)
lockscope_backend_test(interop_quartz TIMEOUT 120 BACKENDS postgresql mariadb)
target_compile_definitions(tst_interop_quartz PRIVATE QUARTZ_CLASSES="${quartz_classes}")
add_dependencies(tst_interop_quartz lockctl)
find_program(LOCKSCOPE_JAVAC javac)
if(LOCKSCOPE_JAVAC AND EXISTS ${quartz_jar})
    add_custom_command(
        OUTPUT ${quartz_classes}/QuartzNode.class
        COMMAND ${CMAKE_COMMAND} -E make_directory ${quartz_classes}
        COMMAND ${LOCKSCOPE_JAVAC} -nowarn -Xlint:none -d ${quartz_classes} -cp ${quartz_jar}
                ${quartz_sources}
        DEPENDS ${quartz_sources}
        COMMENT "Compiling the Quartz nodes of tst_interop_quartz"
        VERBATIM)
    add_custom_target(interop_quartz_classes DEPENDS ${quartz_classes}/QuartzNode.class)
    add_dependencies(tst_interop_quartz interop_quartz_classes)
endif()
