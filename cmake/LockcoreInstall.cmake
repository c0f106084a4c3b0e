# SPDX-License-Identifier: GPL-3.0-or-later
# Installing lockcore (included at the end of lockcore/CMakeLists.txt): the static library, its
# API headers and the CMake package that gives Lockscope::lockcore to find_package(Lockscope).
#
# The API headers are the ones each folder lists with lockcore_api_headers() (the headers an
# application includes, and those they include); a folder's other public headers are for this
# tree's app/ and ui/, its internal/ ones for lockcore and its tests. They install into
# include/lockscope/ and the installed target's include directory is include/, so that an
# application writes #include <lockscope/lockguard.h> and no header of ours shadows a system
# header of the same name (glibc's <error.h>). Between themselves they include each other by
# bare name ("locktypes.h"), which finds the header next to the including one, in this tree's
# folders and in include/lockscope/ alike. Checked here, at configure time: each is a public
# header of a folder on lockcore's include path (never internal/), no two share a name, and
# every header one of them includes by name is installed too.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(LOCKSCOPE_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/lockscope)
set(LOCKSCOPE_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Lockscope)

get_target_property(lockcore_public_dirs lockcore INTERFACE_INCLUDE_DIRECTORIES)
set(lockcore_build_dirs)
foreach(dir IN LISTS lockcore_public_dirs)
    if(dir MATCHES "^\\$<" OR dir MATCHES "/internal/?$")
        message(FATAL_ERROR "lockcore's public include path holds \"${dir}\": a folder adds "
                            "its own source folder (not internal/) as a plain path")
    endif()
    list(APPEND lockcore_build_dirs $<BUILD_INTERFACE:${dir}>)
endforeach()

get_property(lockcore_api_headers GLOBAL PROPERTY LOCKCORE_API_HEADERS)
set(lockcore_api_names)
foreach(header IN LISTS lockcore_api_headers)
    get_filename_component(name ${header} NAME)
    get_filename_component(dir ${header} DIRECTORY)
    if(NOT EXISTS ${header} OR NOT dir IN_LIST lockcore_public_dirs)
        message(FATAL_ERROR "lockcore_api_headers(${name}) in ${dir}: not a public header "
                            "of a folder on lockcore's include path")
    endif()
    # Two folders with a header of the same name would overwrite each other in lockscope/.
    if(name IN_LIST lockcore_api_names)
        message(FATAL_ERROR "two API headers of lockcore are named ${name}: rename one")
    endif()
    list(APPEND lockcore_api_names ${name})
endforeach()
# The closure: a header an installed one includes by name ("x.h") is installed with it (read
# at each configure; between two, package_headers finds a header that does not compile alone).
foreach(header IN LISTS lockcore_api_headers)
    file(STRINGS ${header} includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS includes)
        string(REGEX REPLACE "^[^\"]*\"([^\"]+)\".*$" "\\1" included "${line}")
        if(NOT included IN_LIST lockcore_api_names)
            message(FATAL_ERROR "${header} includes \"${included}\", which is not installed: "
                                "list it with lockcore_api_headers() in its folder, or stop "
                                "including it from an API header")
        endif()
    endforeach()
endforeach()

# The source folders for this build tree only; an installed lockcore has include/.
set_target_properties(lockcore PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${lockcore_build_dirs}")
target_include_directories(lockcore INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)

install(FILES ${lockcore_api_headers} DESTINATION ${LOCKSCOPE_INSTALL_INCLUDEDIR}
        COMPONENT devel)
# Their names, for the package_install test to compare with what an install holds.
list(SORT lockcore_api_names)
list(JOIN lockcore_api_names "\n" lockcore_api_lines)
file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/package/api-headers.txt
     CONTENT "${lockcore_api_lines}\n")
install(TARGETS lockcore EXPORT LockscopeTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT devel)
install(EXPORT LockscopeTargets NAMESPACE Lockscope:: DESTINATION ${LOCKSCOPE_INSTALL_CMAKEDIR}
        COMPONENT devel)

# lockcore is static: what it links privately (Connector/C, libpq, OpenSSL) its consumer links
# too, so the package finds them again where this build had them (PkgConfig::MARIADB_CAPI,
# ::LIBPQ, ::LIBSSL).
set(LOCKSCOPE_LINKS_MARIADB_CAPI ${MARIADB_CAPI_FOUND})
set(LOCKSCOPE_LINKS_LIBPQ ${LIBPQ_FOUND})
set(LOCKSCOPE_LINKS_LIBSSL ${LIBSSL_FOUND})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/LockscopeConfig.cmake.in
    ${PROJECT_BINARY_DIR}/package/LockscopeConfig.cmake
    INSTALL_DESTINATION ${LOCKSCOPE_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/package/LockscopeConfigVersion.cmake
    VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/package/LockscopeConfig.cmake
              ${PROJECT_BINARY_DIR}/package/LockscopeConfigVersion.cmake
        DESTINATION ${LOCKSCOPE_INSTALL_CMAKEDIR} COMPONENT devel)
