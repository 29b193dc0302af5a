# CTest docs.build: brings the docs up to date (`cmake --build BUILD_DIR --target docs`, which
# does nothing when no input changed) and fails when the result cannot be trusted to be current:
#   - the build failed, or wrote no INDEX;
#   - the pages (DOCGEN_STAMP) are older than the digest of the report they read (DIGEST), or
#     Doxygen's output (DOXYGEN_STAMP) older than the pages: a rule that misses an input;
#   - a second build right after the first does docs work: an input that is always out of date,
#     which would remake the docs on every test run.
#
# usage: cmake -DBUILD_DIR=DIR -DDIGEST=FILE -DDOCGEN_STAMP=FILE -DDOXYGEN_STAMP=FILE
#              -DINDEX=FILE -P docs_current.cmake
foreach(var BUILD_DIR DIGEST DOCGEN_STAMP DOXYGEN_STAMP INDEX)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "docs_current.cmake needs -D${var}=...")
  endif()
endforeach()

# The build's step lines with the rules' COMMENTs (docs/CMakeLists.txt), up to a semicolon (a
# list separator here): what the build prints when it remakes the docs.
set(docs_work "\\[[0-9]+/[0-9]+\\] (pe_docgen: |gnuplot: |dot: the argument map|Doxygen: )[^\n;]*")

function(build_docs out_var)
  execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BUILD_DIR}" --target docs
                  OUTPUT_VARIABLE out ERROR_VARIABLE out RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message("${out}")
    message(FATAL_ERROR "FAIL: the docs build failed (exit ${rc})")
  endif()
  set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

build_docs(first)
string(REGEX MATCHALL "${docs_work}" remade "${first}")
list(LENGTH remade steps)
if(steps EQUAL 0)
  message("docs up to date: nothing to remake")
else()
  list(JOIN remade "\n  " lines)
  message("docs remade (${steps} steps):\n  ${lines}")
endif()

set(failures "")
if(NOT EXISTS "${INDEX}")
  list(APPEND failures "the build wrote no ${INDEX}")
endif()
foreach(pair "DOCGEN_STAMP;DIGEST;the pages are older than the report's digest"
             "DOXYGEN_STAMP;DOCGEN_STAMP;Doxygen's output is older than the pages")
  list(GET pair 0 later)
  list(GET pair 1 earlier)
  list(GET pair 2 problem)
  if(NOT EXISTS "${${later}}" OR NOT EXISTS "${${earlier}}")
    list(APPEND failures "missing ${${later}} or ${${earlier}}")
  else()
    file(TIMESTAMP "${${later}}" later_time "%Y-%m-%d %H:%M:%S" UTC)
    file(TIMESTAMP "${${earlier}}" earlier_time "%Y-%m-%d %H:%M:%S" UTC)
    # IS_NEWER_THAN also holds for equal times: both written within the same instant.
    if(NOT "${${later}}" IS_NEWER_THAN "${${earlier}}")
      list(APPEND failures "${problem} (${later_time} against ${earlier_time}): a rule misses an input")
    endif()
  endif()
endforeach()

build_docs(second)
string(REGEX MATCHALL "${docs_work}" again "${second}")
if(again)
  list(JOIN again "; " lines)
  list(APPEND failures "a second build with nothing changed remade docs again: ${lines}")
endif()

if(failures)
  foreach(f IN LISTS failures)
    message("FAIL: ${f}")
  endforeach()
  message(FATAL_ERROR "the docs are not known to be current")
endif()
message("docs current: ${INDEX}; a second build did no docs work")
