# SPDX-License-Identifier: GPL-3.0-or-later
# zh_CN is complete: lrelease reports no unfinished or untranslated entry in the .ts file.
add_test(NAME translations_complete
         COMMAND ${PROJECT_SOURCE_DIR}/scripts/update-translations --check)
set_tests_properties(translations_complete PROPERTIES
    LABELS "unit;ui"
    ENVIRONMENT "LRELEASE=$<TARGET_FILE:Qt6::lrelease>"
    TIMEOUT 60)
