# The lock table model, its filter proxy and the countdown delegate (offscreen; no database).
lockscope_ui_test(tst_locktablemodel)
lockscope_ui_test(tst_lockfilterproxymodel)
# The "Database locks" model: rows, texts, merges that keep the selection (no database).
lockscope_ui_test(tst_nativelocksmodel)
