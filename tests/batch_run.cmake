# CTest `batch.TARGET`: runs every test of a GoogleTest program in one process and writes its
# results (GoogleTest's JSON) for the CTest tests that read one each (pe_test_result). Passes
# when the program finished and wrote its results, whatever they say: each test's own CTest test
# passes or fails on its result. A program that crashes writes none, and this fails.
#
# Work done once per input (issue 61): a run's results depend only on the program and on what
# it reads, the INPUTS (the source tree, the trained-head cache, the article, the gradient
# evidence), less the folders in PRUNE (the build trees, .git) and the C++ sources (*.cpp,
# *.hpp), which reach a program only through the program file itself, and on the PE_, RC_ and
# GTEST_ environment variables. Their fingerprint (the program's content, every input file's
# path, modification time and size, and those variables) is taken before the program starts and kept beside the results; the
# next batch whose fingerprint is the same, and whose earlier run had no failing test, reads those
# results instead of running the program again, and says so. A failure always reruns; so does
# PE_BATCH_RERUN=1, or deleting the results.
# A reused run's claim records (FRAGMENTS/*.rec naming the program) are touched: they stand for
# this run, and the report's staleness check compares them with the program file, which a
# relink renews though its bytes are the same.
# cmake -DEXE=<program> -DRESULTS=<json> [-DINPUTS=<paths>] [-DPRUNE=<paths>] [-DFRAGMENTS=<dir>]
#       -P batch_run.cmake
foreach(var EXE RESULTS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "batch_run.cmake needs -D${var}=...")
  endif()
endforeach()
set(stamp "${RESULTS}.inputs")
if(DEFINED INPUTS)
  set(prune_expression)
  foreach(path IN LISTS PRUNE)
    list(APPEND prune_expression -path "${path}" -prune -o)
  endforeach()
  set(existing)
  foreach(path IN LISTS INPUTS)
    if(EXISTS "${path}")
      list(APPEND existing "${path}")
    endif()
  endforeach()
  # Other tests write the trained-head cache while this one lists it: a writer's temporary file
  # (NAME.tmp.PID.N, renamed into place when complete) is no input, and a file that vanishes
  # between find's reading of its folder and its stat is no error (-ignore_readdir_race).
  execute_process(COMMAND find ${existing} -ignore_readdir_race ${prune_expression}
                          -name "*.tmp.*" -prune -o -name "*.cpp" -prune -o -name "*.hpp" -prune -o
                          -type f -printf "%p %T@ %s\\n"
                  OUTPUT_VARIABLE listing RESULT_VARIABLE find_rc)
  if(NOT find_rc EQUAL 0)
    message(FATAL_ERROR "cannot list the inputs of ${EXE} (find exited ${find_rc})")
  endif()
  string(REGEX MATCHALL "[^\n]+" entries "${listing}")
  list(SORT entries)
  execute_process(COMMAND ${CMAKE_COMMAND} -E environment OUTPUT_VARIABLE environment)
  string(REGEX MATCHALL "(^|\n)(PE_|RC_|GTEST_)[^\n]*" variables "${environment}")
  list(FILTER variables EXCLUDE REGEX "PE_BATCH_RERUN=")
  list(SORT variables)
  # The program by its content: relinked after a touched source it is the same bytes, and
  # reads as unchanged; any change to what it computes changes them.
  file(SHA256 "${EXE}" program)
  string(SHA256 fingerprint "${program}${entries}${variables}")
  if(EXISTS "${RESULTS}" AND EXISTS "${stamp}" AND NOT "$ENV{PE_BATCH_RERUN}")
    file(READ "${stamp}" earlier)
    file(READ "${RESULTS}" earlier_results)
    string(JSON earlier_failures ERROR_VARIABLE no_count GET "${earlier_results}" failures)
    list(LENGTH entries files)
    if(earlier STREQUAL fingerprint AND NOT no_count AND earlier_failures EQUAL 0)
      if(DEFINED FRAGMENTS AND IS_DIRECTORY "${FRAGMENTS}")
        execute_process(COMMAND sh -c "grep -l -x -F \"program=$0\" \"$1\"/*.rec | xargs -r touch"
                                "${EXE}" "${FRAGMENTS}" RESULT_VARIABLE touched)
      endif()
      message(STATUS "results of ${EXE}: ${RESULTS}, reused: the program and its ${files} input files "
                     "are as they were when it last ran, and none of its tests failed then "
                     "(PE_BATCH_RERUN=1 runs it again)")
      return()
    endif()
  endif()
endif()
file(REMOVE "${RESULTS}" "${RESULTS}.partial" "${stamp}")
execute_process(COMMAND "${EXE}" "--gtest_output=json:${RESULTS}.partial" RESULT_VARIABLE rc)
if(NOT EXISTS "${RESULTS}.partial")
  message(FATAL_ERROR "${EXE} ended (${rc}) without writing its results: it crashed or was stopped")
endif()
file(RENAME "${RESULTS}.partial" "${RESULTS}")
if(DEFINED INPUTS)
  file(WRITE "${stamp}" "${fingerprint}")
endif()
message(STATUS "results of ${EXE}: ${RESULTS} (exit ${rc}: each test's CTest test reads its own)")
