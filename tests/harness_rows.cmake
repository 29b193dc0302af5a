# CTest `harness.rows`: every pattern of the article's 24 harness rows (theorems/88-implementation/harness.hpp)
# selects at least one test of this build tree (the docs' Implementation page prints the table).
# cmake -DPE_HARNESS=<pe_harness> -DBUILD_DIR=<build tree> -P harness_rows.cmake
foreach(var PE_HARNESS BUILD_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "harness_rows.cmake needs -D${var}=...")
  endif()
endforeach()
execute_process(COMMAND ${CMAKE_CTEST_COMMAND} -N WORKING_DIRECTORY ${BUILD_DIR}
                OUTPUT_VARIABLE listing RESULT_VARIABLE listed)
if(NOT listed EQUAL 0)
  message(FATAL_ERROR "ctest -N in ${BUILD_DIR} failed (${listed})")
endif()
set(list_file "${BUILD_DIR}/harness_ctest_list.txt")
file(WRITE ${list_file} "${listing}")
execute_process(COMMAND ${PE_HARNESS} check ${list_file} RESULT_VARIABLE checked)
if(NOT checked EQUAL 0)
  message(FATAL_ERROR "harness rows: see the problems above")
endif()
