# pe_read_filing says before it starts a read that will take long: on a document of WORDS words
# from pe_write_filing joined into one line, read on one thread (well over a minute: the
# scanning readers' time grows with the square of the length), a line on standard error gives
# the time the whole read will take and the time of each reader alone (--reader NAME). The run
# is stopped once that line is out. A short document gets no such line.
#   cmake -DREADER=... -DWRITER=... -DWORDS=n -DWORK=dir -DSHORT_FILE=... -P read_filing_cost.cmake
# The check reads nothing but the two programs, the short document and this script, so a run whose
# fingerprint of them matches the last passing run's is that run again: it is reused, saying so,
# and reruns when any of them changes (a failed run leaves no stamp).
cmake_minimum_required(VERSION 3.19)
file(SHA256 "${READER}" reader_sum)
file(SHA256 "${WRITER}" writer_sum)
file(SHA256 "${SHORT_FILE}" short_sum)
file(SHA256 "${CMAKE_CURRENT_LIST_FILE}" script_sum)
string(SHA256 fingerprint "${reader_sum}${writer_sum}${short_sum}${script_sum}${WORDS}")
set(stamp "${WORK}.passed")
if(EXISTS "${stamp}")
  file(READ "${stamp}" earlier)
  if(earlier STREQUAL fingerprint)
    message(STATUS "reused: the reader, the writer, the short document and this check are unchanged since "
                   "the run that passed (${stamp})")
    return()
  endif()
  file(REMOVE "${stamp}")
endif()
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
execute_process(COMMAND "${WRITER}" ${WORDS} OUTPUT_VARIABLE text RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pe_write_filing ${WORDS} exited with ${rc}")
endif()
string(REPLACE "\n" " " text "${text}")
file(WRITE "${WORK}/one_line.txt" "${text}\n")
execute_process(COMMAND mkfifo "${WORK}/standard_error" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cannot make the pipe ${WORK}/standard_error (mkfifo: ${rc})")
endif()

# grep stops at the first line that gives a time, and the read is then stopped at once (it would
# otherwise go on until its next line on standard error); `timeout` ends it if no such line comes.
execute_process(
  COMMAND sh -c "timeout 600 \"$0\" \"$1\" --threads 1 2>\"$2\" >/dev/null & reader=$!
                 grep -m 1 -e 'will take' < \"$2\"; found=$?; kill $reader 2>/dev/null; exit $found"
          "${READER}" "${WORK}/one_line.txt" "${WORK}/standard_error"
  OUTPUT_VARIABLE warning RESULT_VARIABLE rc)
set(expected "^pe_read_filing: reading [0-9]+ tokens with 21 head-readers will take about [0-9]+ (min|h) [^\n]*the square of the length[)]; one reader alone [(]--reader NAME[)]: ")
if(NOT warning MATCHES "${expected}")
  message(FATAL_ERROR "no warning before a long read (grep: ${rc}); standard error:\n${warning}")
endif()
foreach(reader none sinusoidal rope alibi rope[+]pi rope[+]ntk rope[+]yarn)
  if(NOT warning MATCHES "[:,] ${reader} [0-9]+ (s|min|h)")
    message(FATAL_ERROR "the warning gives no time for ${reader} alone:\n${warning}")
  endif()
endforeach()
file(REMOVE_RECURSE "${WORK}")

execute_process(COMMAND "${READER}" "${SHORT_FILE}" OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR err MATCHES "will take")
  message(FATAL_ERROR "a short document read with status ${rc} and standard error:\n${err}")
endif()
message(STATUS "${warning}")
file(WRITE "${stamp}" "${fingerprint}")
