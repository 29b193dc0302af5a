# CTest `width.*`: what a program prints for a terminal (its --help, `pe_harness`) fits
# WIDTH columns, the width the report's prose is wrapped to (kReportWidth), and says something.
# With MAX_LINES, it also prints at most that many lines.
# cmake -DWIDTH=100 [-DMAX_LINES=n] "-DCOMMAND=prog;arg;..." -P output_width.cmake
foreach(var WIDTH COMMAND)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "output_width.cmake needs -D${var}=...")
  endif()
endforeach()
execute_process(COMMAND ${COMMAND} OUTPUT_VARIABLE output RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${COMMAND} exited ${status}")
endif()
if(output STREQUAL "")
  message(FATAL_ERROR "${COMMAND} printed nothing")
endif()
string(REPLACE ";" "\\;" output "${output}")
# A list element ends at no ';' inside square brackets: count the brackets as parentheses, which
# are as wide, so that a "[mark]" wrapped over two lines does not join them.
string(REPLACE "[" "(" output "${output}")
string(REPLACE "]" ")" output "${output}")
string(REPLACE "\n" ";" lines "${output}")
# UTF-8 continuation bytes (0x80 to 0xBF), which a regular expression can only name as characters.
string(ASCII 128 continuation_first)
string(ASCII 191 continuation_last)
set(number 0)
set(too_long 0)
foreach(line IN LISTS lines)
  math(EXPR number "${number} + 1")
  # Code points, not bytes: drop UTF-8 continuation bytes before counting.
  string(REGEX REPLACE "[${continuation_first}-${continuation_last}]" "" points "${line}")
  string(LENGTH "${points}" length)
  if(length GREATER WIDTH)
    message(SEND_ERROR "line ${number} has ${length} columns (> ${WIDTH}): ${line}")
    math(EXPR too_long "${too_long} + 1")
  endif()
endforeach()
if(too_long GREATER 0)
  message(FATAL_ERROR "${too_long} line(s) of `${COMMAND}` wider than ${WIDTH} columns")
endif()
if(DEFINED MAX_LINES)
  string(REGEX REPLACE ";$" "" printed "${lines}")  # the last line's newline ends no line of its own
  list(LENGTH printed printed_lines)
  if(printed_lines GREATER MAX_LINES)
    message(FATAL_ERROR "`${COMMAND}` printed ${printed_lines} lines (at most ${MAX_LINES})")
  endif()
endif()
message(STATUS "${number} lines, none wider than ${WIDTH} columns")
