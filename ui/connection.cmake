# The connection dialog, saved profiles and where remembered passwords are kept.
target_sources(ui PRIVATE
    connectiondialog.cpp connectiondialog.h
    connectionform.cpp connectionform.h
    connectionprofile.cpp connectionprofile.h
    connectiontester.cpp connectiontester.h
    custommappingform.cpp custommappingform.h
    driverinfo.cpp driverinfo.h
    filepathedit.cpp filepathedit.h
    lockprofiletext.cpp lockprofiletext.h
    passwordvault.cpp passwordvault.h
    profilestore.cpp profilestore.h
)

# Remembered passwords go to the system keychain through QtKeychain (Debian:
# qtkeychain-qt6-dev). Without it the dialog asks for the password each time.
option(LOCKSCOPE_KEYCHAIN "Remember passwords in the system keychain (QtKeychain)" ON)
if(LOCKSCOPE_KEYCHAIN)
    find_package(Qt6Keychain QUIET)
endif()
if(Qt6Keychain_FOUND)
    target_sources(ui PRIVATE keychainvault.cpp keychainvault.h)
    target_link_libraries(ui PUBLIC Qt6Keychain::Qt6Keychain)
    target_compile_definitions(ui PRIVATE LOCKSCOPE_HAVE_QTKEYCHAIN)
    message(STATUS "lockscope: passwords can be remembered in the system keychain (QtKeychain)")
else()
    message(STATUS "lockscope: QtKeychain not found (qtkeychain-qt6-dev): "
                   "passwords are asked for each time")
endif()
