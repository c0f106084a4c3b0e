# SPDX-License-Identifier: GPL-3.0-or-later
# LOCKSCOPE_REVISION: the git commit the source tree is at when CMake configures ("unknown"
# outside git), for lockscope_build_info (lockctl exporter) and the suites that check it.
# Configure-time only: a later commit without a new configure keeps the old value.
find_package(Git QUIET)
set(LOCKSCOPE_REVISION unknown)
if(GIT_FOUND)
    execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse HEAD
        WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
        OUTPUT_VARIABLE lockscope_git_head OUTPUT_STRIP_TRAILING_WHITESPACE
        RESULT_VARIABLE lockscope_git_result ERROR_QUIET)
    if(lockscope_git_result EQUAL 0 AND lockscope_git_head MATCHES "^[0-9a-f]+$")
        set(LOCKSCOPE_REVISION ${lockscope_git_head})
    endif()
endif()
