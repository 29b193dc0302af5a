# pe_read_filing on a cache that holds the recipe selection but none of the headline heads: it
# trains them, says so on standard error (which heads, how many of how many, the time left,
# then the count trained and the time taken), and prints exactly what it prints with the full
# cache (training is deterministic). With -DREADER_NAME=<reader> it reads with that reader alone
# and must train only the heads of that reader's scheme (HEADS of them).
#   cmake -DREADER=... -DFILE=... -DCACHE=<the full cache> -DWORK=<scratch directory>
#         [-DREADER_NAME=rope -DHEADS=3] -P read_filing_training.cmake
cmake_minimum_required(VERSION 3.19)
file(REMOVE_RECURSE "${WORK}")
file(GLOB selections "${CACHE}/filings_study/selection-*.txt")
if(NOT selections)
  message(FATAL_ERROR "no recipe selection in ${CACHE}/filings_study")
endif()
file(COPY ${selections} DESTINATION "${WORK}/filings_study")
set(args "")
if(READER_NAME)
  set(args --reader "${READER_NAME}")
else()
  set(HEADS 12)  # every scheme's three headline seeds
endif()

execute_process(COMMAND "${READER}" "${FILE}" ${args} --cache "${WORK}"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pe_read_filing exited with ${rc}: ${err}")
endif()
foreach(pattern
    "pe_read_filing: training filings heads of the selected recipe \\(seeds 0-2\\): the cache [^\n]* lacks them; later runs load them\n"
    "pe_read_filing: 0 of ${HEADS} heads trained, 0 s so far, time left not known yet\n"
    "pe_read_filing: trained ${HEADS} filings heads of the selected recipe \\(seeds 0-2\\) in [0-9]+ s\n")
  if(NOT err MATCHES "${pattern}")
    message(FATAL_ERROR "standard error does not match '${pattern}':\n${err}")
  endif()
endforeach()
if(err MATCHES "to select the recipe")
  message(FATAL_ERROR "the selection was cached, yet it trained:\n${err}")
endif()

execute_process(COMMAND "${READER}" "${FILE}" ${args} --cache "${CACHE}" OUTPUT_VARIABLE cached RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out STREQUAL cached)
  message(FATAL_ERROR "the heads trained here read differently from the cached ones:\n${out}\n---\n${cached}")
endif()
# A second run loads what the first trained, and trains nothing.
execute_process(COMMAND "${READER}" "${FILE}" ${args} --cache "${WORK}" OUTPUT_VARIABLE again ERROR_VARIABLE again_err)
if(NOT again STREQUAL out OR again_err MATCHES "train")
  message(FATAL_ERROR "the second run differs or trains again:\n${again_err}")
endif()
file(REMOVE_RECURSE "${WORK}")
message(STATUS "${err}")
