# The window's database side, once per backend (needs the ui library).
lockscope_backend_test(lockmonitor TIMEOUT 300)
target_link_libraries(tst_lockmonitor PRIVATE Lockscope::ui)
