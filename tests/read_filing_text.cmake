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

# Fails unless `text` (what `what` printed) is UTF-8 (RFC 3629: no overlong form, surrogate or
# code point past U+10FFFF) holding no control character but line feed and tab: what reaches a
# terminal raw, or a JSON reader, from any of pe_read_filing's outputs.
function(require_plain_utf8 text what)
  foreach(code 128 143 144 159 160 191 194 223 224 225 236 237 238 239 240 241 243 244)
    string(ASCII ${code} b${code})
  endforeach()
  set(tail "[${b128}-${b191}]")
  set(valid "[${b194}-${b223}]${tail}|${b224}[${b160}-${b191}]${tail}|[${b225}-${b236}${b238}${b239}]${tail}${tail}")
  string(APPEND valid "|${b237}[${b128}-${b159}]${tail}|${b240}[${b144}-${b191}]${tail}${tail}")
  string(APPEND valid "|[${b241}-${b243}]${tail}${tail}${tail}|${b244}[${b128}-${b143}]${tail}${tail}")
  string(ASCII 1 c1)
  string(ASCII 8 c8)
  string(ASCII 11 c11)
  string(ASCII 31 c31)
  string(ASCII 127 c127)
  # The C1 controls, U+0080-U+009F, are C2 80 to C2 9F.
  if(text MATCHES "[${c1}-${c8}${c11}-${c31}${c127}]|${b194}[${b128}-${b159}]")
    message(FATAL_ERROR "${what} holds a raw control character:\n${text}")
  endif()
  string(REGEX REPLACE "${valid}" "" rest "${text}")
  string(ASCII 255 b255)
  if(rest MATCHES "[${b128}-${b255}]")
    message(FATAL_ERROR "${what} is not UTF-8:\n${text}")
  endif()
endfunction()
