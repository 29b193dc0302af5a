# CTest `build.current`: the build tree is up to date with the sources, so that no check runs a
# test program older than the code it is meant to test. ctest compiles nothing; the README's
# test command (`cmake --workflow --preset check`) builds first. A fixture setup of every claim
# check, so that a plain `ctest` after an edit stops here with the command to use.
# cmake -DBUILD_DIR=<build tree> -DNINJA=<ninja> -P build_current.cmake
foreach(var BUILD_DIR NINJA)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "build_current.cmake needs -D${var}=...")
  endif()
endforeach()
# The globbed directories (CONFIGURE_DEPENDS) are checked by CMake's own script, for real: a
# dry run cannot tell, so ninja -n on build.ninja always plans a rerun of CMake.
execute_process(COMMAND ${CMAKE_COMMAND} -P ${BUILD_DIR}/CMakeFiles/VerifyGlobs.cmake
                OUTPUT_VARIABLE globs ERROR_VARIABLE globs)
if(globs MATCHES "GLOB mismatch")
  message(FATAL_ERROR "files were added or removed since the last build: the build must be "
          "configured again. Build and test in one command:\n  cmake --workflow --preset check")
endif()
# Then a dry run (-n: plans, runs nothing) of `all` and of build.ninja itself, on a copy of the
# manifest whose CMake rerun no longer waits on the glob check (a copy, so that ninja does not
# treat that edge as its own manifest's and stop the plan there).
file(READ ${BUILD_DIR}/build.ninja manifest)
string(REGEX REPLACE "(\nbuild build\\.ninja: RERUN_CMAKE) [^ ]*cmake\\.verify_globs" "\\1" manifest "${manifest}")
file(WRITE ${BUILD_DIR}/CMakeFiles/build_current.ninja "${manifest}")
execute_process(COMMAND ${NINJA} -C ${BUILD_DIR} -f CMakeFiles/build_current.ninja -n all build.ninja
                OUTPUT_VARIABLE plan ERROR_VARIABLE plan_errors RESULT_VARIABLE planned)
if(NOT plan MATCHES "no work to do")
  string(REGEX MATCHALL "\n?\\[[0-9]+/[0-9]+\\][^\n]*" steps "${plan}")
  list(LENGTH steps count)
  list(SUBLIST steps 0 3 first)
  string(REPLACE "\n" "" first "${first}")
  list(JOIN first "\n  " first)
  message(FATAL_ERROR "the build is older than the sources (${count} build step(s) pending, e.g.\n  "
          "${first}\n): the checks would run the old programs. Build and test in one command:\n"
          "  cmake --workflow --preset check\n(or cmake --build --preset release, then ctest again)")
endif()
message(STATUS "build tree ${BUILD_DIR} is up to date")
