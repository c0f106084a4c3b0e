# The connection dialog and saved profiles (offscreen; no database server needed, except the
# optional PostgreSQL case when LOCKSCOPE_TEST_POSTGRESQL_URL is set).
foreach(name tst_connectiondialog tst_profilestore)
    add_executable(${name} ${name}.cpp)
    target_link_libraries(${name} PRIVATE Lockscope::ui Qt6::Test)
    add_test(NAME ${name} COMMAND ${name})
    set_tests_properties(${name} PROPERTIES
        LABELS "unit;ui"
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
        TIMEOUT 120)
endforeach()
