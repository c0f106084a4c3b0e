# The window's database side, once per backend (needs the ui library).
lockscope_backend_test(lockmonitor TIMEOUT 300)
target_link_libraries(tst_lockmonitor PRIVATE Lockscope::ui)

add_executable(tst_holdintervals tst_holdintervals.cpp)
target_link_libraries(tst_holdintervals PRIVATE Lockscope::ui Qt6::Test)
add_test(NAME tst_holdintervals COMMAND tst_holdintervals)
set_tests_properties(tst_holdintervals PROPERTIES LABELS "unit;ui" TIMEOUT 60)
