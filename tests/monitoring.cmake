# SPDX-License-Identifier: GPL-3.0-or-later
# Monitoring (issue 27; label monitoring; scripts/test's "monitoring:" line counts these with
# the exporter's suites). Included by tests/CMakeLists.txt when lockctl is built. The scripts
# are in tests/monitoring/; each exits 77 (skipped) when a tool it needs is missing (scripts/test
# installs prometheus, curl and jq).
#
#   monitoring_rules_check      promtool check rules on resources/prometheus/lockscope-alerts.yml
#   monitoring_rules_test       promtool test rules: each alert fires past its threshold, not
#                               just under it, with the lock's holder
#   monitoring_promql           the Grafana dashboard is valid JSON; its and the rules'
#                               expressions name only the metrics docs/monitoring.md documents,
#                               and the dashboard's pass promtool
#   monitoring_live             a real Prometheus with the rules file scrapes lockctl exporter
#                               over a stuck lock on each backend and fires
#                               LockscopeLeaseExpiredNotReleased for each (about 65 s)
#   monitoring_readonly_user_<backend>  the read-only database user of docs/monitoring.md
#                               (postgresql, mariadb)
set(LOCKSCOPE_MONITORING_SCRIPTS ${CMAKE_CURRENT_SOURCE_DIR}/monitoring)
set(LOCKSCOPE_ALERT_RULES ${PROJECT_SOURCE_DIR}/resources/prometheus/lockscope-alerts.yml)

# lockscope_monitoring_test(NAME COMMAND...): a test of the monitoring label, skipped on 77.
function(lockscope_monitoring_test name)
    add_test(NAME ${name} COMMAND ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS monitoring SKIP_RETURN_CODE 77 TIMEOUT 120)
endfunction()

lockscope_monitoring_test(monitoring_rules_check ${CMAKE_CURRENT_SOURCE_DIR}/package/validate.sh
    promtool check rules ${LOCKSCOPE_ALERT_RULES})
lockscope_monitoring_test(monitoring_rules_test ${CMAKE_CURRENT_SOURCE_DIR}/package/validate.sh
    promtool test rules ${LOCKSCOPE_MONITORING_SCRIPTS}/lockscope-alerts.test.yml)
lockscope_monitoring_test(monitoring_promql ${LOCKSCOPE_MONITORING_SCRIPTS}/check-promql.sh
    ${PROJECT_SOURCE_DIR}/docs/monitoring.md
    ${PROJECT_SOURCE_DIR}/resources/grafana/lockscope-dashboard.json ${LOCKSCOPE_ALERT_RULES})

# One exporter over the three backends (a --db each), one Prometheus: the alert for each.
lockscope_monitoring_test(monitoring_live ${LOCKSCOPE_MONITORING_SCRIPTS}/live-alert.sh
    ${PROJECT_SOURCE_DIR} $<TARGET_FILE:lockctl> ${LOCKSCOPE_ALERT_RULES} ${LOCKSCOPE_BACKENDS})
set_tests_properties(monitoring_live PROPERTIES TIMEOUT 200)

# The read-only database user of docs/monitoring.md: its SQL as written, then lockctl exporter
# logged in as that user reads the table, and the user is refused writes (the servers only).
foreach(backend postgresql mariadb)
    lockscope_monitoring_test(monitoring_readonly_user_${backend}
        ${LOCKSCOPE_MONITORING_SCRIPTS}/readonly-user.sh ${PROJECT_SOURCE_DIR}
        $<TARGET_FILE:lockctl> ${backend})
    set_tests_properties(monitoring_readonly_user_${backend} PROPERTIES
        LABELS "monitoring;${backend}")
endforeach()
