# CTest `batch.reads_each_result`: the batch machinery on a planted program (batch_sample.cpp).
# Each test's CTest test passes, fails or skips as the test did and shows what it recorded; a
# name the program does not have fails; a program that crashes leaves no results, so its batch
# fails (and the tests that read it would not run). A run whose program, inputs and environment
# are as they were, and which had no failure, reuses the results; a changed input, a changed
# variable, an earlier failure or PE_BATCH_RERUN=1 runs the program again.
# cmake -DSAMPLE=<pe_batch_sample> -DREADER=<pe_test_result> -DRUNNER=<batch_run.cmake> -DWORK=<dir> -P batch_check.cmake
foreach(var SAMPLE READER RUNNER WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "batch_check.cmake needs -D${var}=...")
  endif()
endforeach()
set(results "${WORK}/sample.json")
execute_process(COMMAND ${CMAKE_COMMAND} -DEXE=${SAMPLE} -DRESULTS=${results} -P ${RUNNER}
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(NOT rc EQUAL 0 OR NOT EXISTS "${results}")
  message(FATAL_ERROR "the batch of a program with a failing test did not write its results (${rc})")
endif()
function(expect name code pattern)
  execute_process(COMMAND ${READER} ${results} ${name} RESULT_VARIABLE got OUTPUT_VARIABLE out)
  if(NOT got EQUAL code OR NOT out MATCHES "${pattern}")
    message(FATAL_ERROR "${name}: exit ${got} (expected ${code}), output:\n${out}\n(expected to match ${pattern})")
  endif()
endfunction()
expect(Sample.Passes 0 "COMPLETED")
expect(Sample.FailsWithAMessage 1 "planted failure")
expect(Sample.IsSkipped 77 "SKIPPED")
expect(Sample.RecordsAClaim 0 "claim sample.claim \\[printed\\]: article 0.5, computed 0.5004, verdict holds \\(expected holds\\)\n  within half")
expect(Sample.NotThere 1 "did not run")
set(ENV{PE_BATCH_SAMPLE_CRASH} 1)
execute_process(COMMAND ${CMAKE_COMMAND} -DEXE=${SAMPLE} -DRESULTS=${results} -P ${RUNNER}
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(rc EQUAL 0 OR EXISTS "${results}")
  message(FATAL_ERROR "the batch of a program that crashed passed, or left results behind")
endif()
expect(Sample.Passes 1 "no results")

# Reuse: the sample with its failure left out, keyed on a folder holding one input file.
set(inputs "${WORK}/inputs")
set(input "${inputs}/input.txt")
file(REMOVE_RECURSE "${inputs}")
file(WRITE "${input}" "first\n")
set(program "${WORK}/sample_program")  # a copy, so that it can be touched and changed
file(COPY_FILE "${SAMPLE}" "${program}")
function(batch expected)
  execute_process(COMMAND ${CMAKE_COMMAND} -DEXE=${program} -DRESULTS=${results} "-DINPUTS=${inputs}"
                          -DPRUNE= -P ${RUNNER}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "a batch failed (${rc}):\n${out}${err}")
  endif()
  if(out MATCHES ", reused:")
    set(got reused)
  else()
    set(got ran)
  endif()
  if(NOT got STREQUAL expected)
    message(FATAL_ERROR "the batch ${got}, expected it to have ${expected}:\n${out}")
  endif()
endfunction()
unset(ENV{PE_BATCH_SAMPLE_CRASH})
set(ENV{PE_BATCH_SAMPLE_NO_FAILURE} 1)
batch(ran)
batch(reused)
expect(Sample.FailsWithAMessage 0 "COMPLETED")
file(WRITE "${input}" "second, longer\n")  # a changed input
batch(ran)
batch(reused)
file(WRITE "${inputs}/entry.txt.tmp.1.2" "half written\n")  # a cache writer's temporary file is no input
batch(reused)
file(WRITE "${inputs}/unit.cpp" "int touched;\n")  # a C++ source reaches a program only through its file
batch(reused)
file(TOUCH "${program}")  # relinked to the same bytes: the same program
batch(reused)
file(APPEND "${program}" "\n")  # other bytes: another program
batch(ran)
batch(reused)
set(ENV{PE_BATCH_SAMPLE_EXTRA} 1)  # a changed variable
batch(ran)
set(ENV{PE_BATCH_RERUN} 1)
batch(ran)
unset(ENV{PE_BATCH_RERUN})
batch(reused)
unset(ENV{PE_BATCH_SAMPLE_NO_FAILURE})  # a failure is never reused
batch(ran)
batch(ran)
expect(Sample.FailsWithAMessage 1 "planted failure")
message(STATUS "batch: each result read as its test ended; a crash fails the batch; a run is reused only on the same inputs and without failures")
