# CTest `batch.TARGET`: runs every test of a GoogleTest program in one process and writes its
# results (GoogleTest's JSON) for the CTest tests that read one each (pe_test_result). Passes
# when the program finished and wrote its results, whatever they say: each test's own CTest test
# passes or fails on its result. A program that crashes writes none, and this fails.
# cmake -DEXE=<program> -DRESULTS=<json> -P batch_run.cmake
foreach(var EXE RESULTS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "batch_run.cmake needs -D${var}=...")
  endif()
endforeach()
file(REMOVE "${RESULTS}" "${RESULTS}.partial")
execute_process(COMMAND "${EXE}" "--gtest_output=json:${RESULTS}.partial" RESULT_VARIABLE rc)
if(NOT EXISTS "${RESULTS}.partial")
  message(FATAL_ERROR "${EXE} ended (${rc}) without writing its results: it crashed or was stopped")
endif()
file(RENAME "${RESULTS}.partial" "${RESULTS}")
message(STATUS "results of ${EXE}: ${RESULTS} (exit ${rc}: each test's CTest test reads its own)")
