# Helpers of the pe_read_filing test scripts (include()d).

# The columns `text` takes on a terminal: its characters, a UTF-8 continuation byte
# (0x80-0xBF) starting none.
function(display_width text out_var)
  string(ASCII 128 continuation_low)
  string(ASCII 191 continuation_high)
  string(REGEX REPLACE "[${continuation_low}-${continuation_high}]" "" characters "${text}")
  string(LENGTH "${characters}" width)
  set(${out_var} ${width} PARENT_SCOPE)
endfunction()

# The lines of `text` as a list. The characters a CMake list treats specially (';', '[' and
# ']') become '_' (one column, as they were).
function(text_lines text out_var)
  string(REGEX REPLACE "[];[]" "_" text "${text}")
  string(REGEX REPLACE "\n$" "" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(${out_var} "${lines}" PARENT_SCOPE)
endfunction()

# The width of the widest line of `text`, and that line.
function(widest_line text width_var line_var)
  text_lines("${text}" lines)
  set(widest 0)
  set(widest_text "")
  foreach(line IN LISTS lines)
    display_width("${line}" width)
    if(width GREATER widest)
      set(widest ${width})
      set(widest_text "${line}")
    endif()
  endforeach()
  set(${width_var} ${widest} PARENT_SCOPE)
  set(${line_var} "${widest_text}" PARENT_SCOPE)
endfunction()
