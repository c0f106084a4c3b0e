# SPDX-License-Identifier: GPL-3.0-or-later
# Runs bench_monitor (-DBENCH=path) small: 2,000 locks on SQLite, read whole (threshold above
# the size) and read a window at a time (threshold below it). Fails unless each run exits 0
# and reports every field, in the mode it should have run in. No timing is checked.
foreach(run "full;20000" "windowed;500")
    list(GET run 0 mode)
    list(GET run 1 threshold)
    execute_process(
        COMMAND ${BENCH} --backend sqlite --locks 2000 --refreshes 3 --interval 500
                --threshold ${threshold} --json
        RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 100)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "bench_monitor (${mode}) exited with ${rc}:\n${err}\n${out}")
    endif()
    foreach(field merge_ms tick_ms merge_paint_ms tick_paint_ms worker_ms
                  statements_per_refresh rows_per_refresh peak_rss_mb first_load_ms median p99)
        if(NOT out MATCHES "\"${field}\"")
            message(FATAL_ERROR "bench_monitor (${mode}) did not report ${field}:\n${out}")
        endif()
    endforeach()
    if(NOT out MATCHES "\"mode\": \"${mode}\"")
        message(FATAL_ERROR "bench_monitor did not run ${mode}:\n${out}")
    endif()
    if(NOT out MATCHES "\"refreshes\": 3")
        message(FATAL_ERROR "bench_monitor (${mode}) did not measure 3 refreshes:\n${out}")
    endif()
    message(STATUS "bench_monitor ${mode}:\n${out}")
endforeach()
