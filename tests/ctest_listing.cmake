# CTest `report.listing_prints_no_headline`: `ctest -N` runs no test, so it must not end with
# the last run's headline as if it had checked something (CTest runs CTestCustom.cmake's
# commands even for -N); it ends with one line that says no claim was checked.
# cmake -DCTEST=<ctest> -DBUILD_DIR=<build tree> -P ctest_listing.cmake
foreach(var CTEST BUILD_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "ctest_listing.cmake needs -D${var}=...")
  endif()
endforeach()
execute_process(COMMAND ${CTEST} -N WORKING_DIRECTORY ${BUILD_DIR} OUTPUT_VARIABLE listing
                RESULT_VARIABLE listed)
if(NOT listed EQUAL 0)
  message(FATAL_ERROR "ctest -N in ${BUILD_DIR} failed (${listed})")
endif()
if(listing MATCHES "report written")
  message(FATAL_ERROR "ctest -N printed a report's headline although it ran nothing:\n${listing}")
endif()
if(NOT listing MATCHES "(This ctest run checked no claim|No verification report yet)[^\n]*")
  message(FATAL_ERROR "ctest -N does not end by saying that no claim was checked:\n${listing}")
endif()
message(STATUS "ctest -N ends with: ${CMAKE_MATCH_0}")
