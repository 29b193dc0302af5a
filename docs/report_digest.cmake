# Writes DIGEST: a line per file of REPORT_DIR named in FILES (separated by spaces), its SHA-256
# or "absent", and only when that text differs from DIGEST's, so that a build rule depending on
# DIGEST runs when the report's content changed, not each time a ctest run rewrites it.
#
# usage: cmake -DREPORT_DIR=DIR "-DFILES=NAME..." -DDIGEST=FILE -P report_digest.cmake
separate_arguments(FILES)
set(text "")
foreach(name IN LISTS FILES)
  if(EXISTS "${REPORT_DIR}/${name}")
    file(SHA256 "${REPORT_DIR}/${name}" hash)
  else()
    set(hash absent)
  endif()
  string(APPEND text "${hash}  ${name}\n")
endforeach()
set(recorded "")
if(EXISTS "${DIGEST}")
  file(READ "${DIGEST}" recorded)
endif()
if(NOT recorded STREQUAL text)
  file(WRITE "${DIGEST}" "${text}")
endif()
