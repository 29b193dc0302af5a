# pe_read_filing --help (and -h): exit status 0, the help on standard output, at most 100
# columns, and a line of its own for every option the usage names, every reader and every
# format. The readers and formats are the ones pe_read_filing itself calls valid when refusing
# an unknown one, so the test follows the program's lists rather than a copy of them.
# The default cache is named as the README names it, relative to the checkout, never by the
# build machine's absolute path.
#   cmake -DREADER=... -DFILE=<any marked document> -DCACHE_DIR=<PE_CACHE_DIR>
#         -DSOURCE_DIR=<the checkout> -P read_filing_help.cmake
cmake_minimum_required(VERSION 3.19)
include(${CMAKE_CURRENT_LIST_DIR}/read_filing_text.cmake)
execute_process(COMMAND "${READER}" --help OUTPUT_VARIABLE help ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
  message(FATAL_ERROR "--help exited with ${rc}, standard error '${err}'")
endif()
execute_process(COMMAND "${READER}" -h OUTPUT_VARIABLE short_help RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT short_help STREQUAL help)
  message(FATAL_ERROR "-h exited with ${rc} or printed other than --help")
endif()
widest_line("${help}" widest line)
if(widest GREATER 100)
  message(FATAL_ERROR "a help line of ${widest} columns:\n${line}")
endif()

# "valid readers: a, b, c" and "valid formats: x, y", from the refusals.
function(valid_names kind option out_var)
  execute_process(COMMAND "${READER}" "${FILE}" ${option} no-such-name ERROR_VARIABLE err)
  if(NOT err MATCHES "valid ${kind}: ([^\n]+)")
    message(FATAL_ERROR "no list of valid ${kind} in: ${err}")
  endif()
  string(REPLACE ", " ";" names "${CMAKE_MATCH_1}")
  set(${out_var} "${names}" PARENT_SCOPE)
endfunction()
valid_names(readers --reader readers)
valid_names(formats --format formats)
list(LENGTH readers reader_count)
if(reader_count LESS 2)
  message(FATAL_ERROR "too few readers found: ${readers}")
endif()

# Each name starts an indented line of the help: "  rope+pi   ...".
foreach(name IN LISTS readers formats)
  string(REGEX REPLACE "([+.])" "\\\\\\1" pattern "${name}")
  if(NOT help MATCHES "\n  ${pattern} ")
    message(FATAL_ERROR "the help has no line for '${name}':\n${help}")
  endif()
endforeach()
# Every option of the usage line is described on a line of its own.
string(REGEX MATCHALL "--[a-z]+" options "${help}")
list(REMOVE_DUPLICATES options)
foreach(option IN LISTS options)
  if(NOT help MATCHES "\n  (-h, )?${option}[ \n]")
    message(FATAL_ERROR "the help does not describe ${option}:\n${help}")
  endif()
endforeach()
# No path of the build machine: no absolute path at all, nor the cache's or the checkout's.
foreach(path IN ITEMS "${CACHE_DIR}" "${SOURCE_DIR}")
  string(FIND "${help}" "${path}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "the help names the build machine's path ${path}:\n${help}")
  endif()
endforeach()
if(help MATCHES "[ (](/[^ \n)]+)")
  message(FATAL_ERROR "the help names the absolute path ${CMAKE_MATCH_1}:\n${help}")
endif()
# The default cache relative to the checkout, as the README names it (when it lies inside).
file(RELATIVE_PATH cache_shown "${SOURCE_DIR}" "${CACHE_DIR}")
string(REGEX REPLACE "[ \n]+" " " flat "${help}")
string(FIND "${flat}" "(default: the build's cache, relative to the project's checkout: ${cache_shown})" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the help does not give the default cache as ${cache_shown}:\n${help}")
endif()
if(NOT cache_shown MATCHES "^[.][.]/")
  file(READ "${SOURCE_DIR}/README.md" readme)
  string(FIND "${readme}" "${cache_shown}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the README does not name the default cache ${cache_shown}")
  endif()
endif()
message(STATUS "readers ${readers}; formats ${formats}; options ${options}; cache ${cache_shown}")
