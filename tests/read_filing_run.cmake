# Runs pe_read_filing once and checks what a person sees: the exit status, what standard output
# and standard error say, that both are UTF-8 with no raw control character but line feed and
# tab, that no line of standard output is wider than MAX_COLUMNS characters, and that it prints
# exactly what a second run (SAME_AS, other arguments) prints. With WRITE, the document is first
# written there by printf from the format PRINTF (octal escapes give any byte, NUL included).
#   cmake -DREADER=... -DARGS="a|b" [-DSTATUS=n] [-DSTDOUT_REGEX=...] [-DSTDERR_REGEX=...]
#         [-DMAX_COLUMNS=n] [-DSAME_AS="c|d"] [-DWRITE=path -DPRINTF=format] -P read_filing_run.cmake
# Arguments are separated by '|', as a CTest command line would split a ';' list.
cmake_minimum_required(VERSION 3.19)
include(${CMAKE_CURRENT_LIST_DIR}/read_filing_text.cmake)
if(NOT DEFINED STATUS)
  set(STATUS 0)
endif()
if(DEFINED WRITE)
  get_filename_component(directory "${WRITE}" DIRECTORY)
  file(MAKE_DIRECTORY "${directory}")
  execute_process(COMMAND printf "${PRINTF}" OUTPUT_FILE "${WRITE}" RESULT_VARIABLE written)
  if(NOT written EQUAL 0)
    message(FATAL_ERROR "printf could not write ${WRITE}")
  endif()
endif()
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND "${READER}" ${args} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc STREQUAL STATUS)
  message(FATAL_ERROR "pe_read_filing ${ARGS} exited with ${rc}, expected ${STATUS}: ${err}")
endif()
require_plain_utf8("${out}" "standard output")
require_plain_utf8("${err}" "standard error")
if(DEFINED STDOUT_REGEX AND NOT out MATCHES "${STDOUT_REGEX}")
  message(FATAL_ERROR "standard output does not match '${STDOUT_REGEX}':\n${out}")
endif()
if(DEFINED STDERR_REGEX AND NOT err MATCHES "${STDERR_REGEX}")
  message(FATAL_ERROR "standard error does not match '${STDERR_REGEX}':\n${err}")
endif()
if(DEFINED MAX_COLUMNS)
  widest_line("${out}" widest line)
  if(widest GREATER MAX_COLUMNS)
    message(FATAL_ERROR "a line of ${widest} columns (at most ${MAX_COLUMNS}):\n${line}")
  endif()
  message(STATUS "widest line: ${widest} columns")
endif()
if(DEFINED SAME_AS)
  string(REPLACE "|" ";" other_args "${SAME_AS}")
  execute_process(COMMAND "${READER}" ${other_args} OUTPUT_VARIABLE other RESULT_VARIABLE other_rc)
  if(NOT other_rc EQUAL 0 OR NOT out STREQUAL other)
    message(FATAL_ERROR "pe_read_filing ${ARGS} and ${SAME_AS} print differently "
                        "(exit status ${other_rc}):\n${out}\n---\n${other}")
  endif()
endif()
