# SPDX-License-Identifier: GPL-3.0-or-later
# Run by cpack before it builds the packages (CPACK_PRE_BUILD_SCRIPTS): the static libraries
# lose their debug information (strip --strip-debug, as Debian's dh_strip does for a .a;
# CPACK_STRIP_FILES strips only executables and shared libraries): 90 MB become 2.5.
file(GLOB_RECURSE archives "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*.a")
foreach(archive IN LISTS archives)
    execute_process(COMMAND strip --strip-debug "${archive}" RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "strip --strip-debug ${archive} failed")
    endif()
endforeach()
