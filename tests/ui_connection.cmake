# SPDX-License-Identifier: GPL-3.0-or-later
# The connection dialog and saved profiles (offscreen; no database server needed, except the
# optional PostgreSQL case when LOCKSCOPE_TEST_POSTGRESQL_URL is set).
lockscope_ui_test(tst_connectiondialog)
lockscope_ui_test(tst_profilestore)
