# SPDX-License-Identifier: GPL-3.0-or-later
# The lock table model, its filter proxy and the countdown delegate (offscreen; no database).
lockscope_ui_test(tst_locktablemodel)
lockscope_ui_test(tst_lockfilterproxymodel)
# The "Database locks" model: rows, texts, merges that keep the selection (no database).
lockscope_ui_test(tst_nativelocksmodel)
# Durations in the window's language, in its texts and tooltips (no database).
lockscope_ui_test(tst_durationtext)
# The export file formats: CSV cells a spreadsheet never runs as formulas (no database).
lockscope_ui_test(tst_lockexport)
