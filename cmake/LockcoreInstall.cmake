# Installing lockcore (included at the end of lockcore/CMakeLists.txt): the static library, its
# public headers and the CMake package that gives Lockscope::lockcore to find_package(Lockscope).
#
# The public headers are every *.h of the folders on lockcore's public include path (each
# folder's CMakeLists.txt puts itself there), never their internal/ folders. They include each
# other by bare name ("locktypes.h"), so they install flat into include/lockscope/, and the
# installed target's include directory is that one. A folder added with add_subdirectory()
# in lockcore/CMakeLists.txt installs its headers without another line.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(LOCKSCOPE_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/lockscope)
set(LOCKSCOPE_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Lockscope)

get_target_property(lockcore_public_dirs lockcore INTERFACE_INCLUDE_DIRECTORIES)
set(lockcore_build_dirs)
set(lockcore_public_headers)
foreach(dir IN LISTS lockcore_public_dirs)
    if(dir MATCHES "^\\$<" OR dir MATCHES "/internal/?$")
        message(FATAL_ERROR "lockcore's public include path holds \"${dir}\": a folder adds "
                            "its own source folder (not internal/) as a plain path")
    endif()
    file(GLOB headers CONFIGURE_DEPENDS ${dir}/*.h)
    list(APPEND lockcore_public_headers ${headers})
    list(APPEND lockcore_build_dirs $<BUILD_INTERFACE:${dir}>)
endforeach()
# Two folders with a header of the same name would overwrite each other in include/lockscope/.
set(lockcore_header_names)
foreach(header IN LISTS lockcore_public_headers)
    get_filename_component(name ${header} NAME)
    if(name IN_LIST lockcore_header_names)
        message(FATAL_ERROR "two public headers of lockcore are named ${name}: rename one")
    endif()
    list(APPEND lockcore_header_names ${name})
endforeach()
# The source folders for this build tree only; an installed lockcore has include/lockscope/.
set_target_properties(lockcore PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${lockcore_build_dirs}")
target_include_directories(lockcore INTERFACE
    $<INSTALL_INTERFACE:${LOCKSCOPE_INSTALL_INCLUDEDIR}>)

install(FILES ${lockcore_public_headers} DESTINATION ${LOCKSCOPE_INSTALL_INCLUDEDIR}
        COMPONENT devel)
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
