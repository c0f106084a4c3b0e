# The lock table model, its filter proxy and the countdown delegate (offscreen; no database).
foreach(name tst_locktablemodel tst_lockfilterproxymodel)
    add_executable(${name} ${name}.cpp)
    target_link_libraries(${name} PRIVATE Lockscope::ui Qt6::Test)
    add_test(NAME ${name} COMMAND ${name})
    set_tests_properties(${name} PROPERTIES
        LABELS "unit;ui"
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
        TIMEOUT 120)
endforeach()
