# CTest `docs.own_words.detects_copy`: own_words reports words of the article planted in a page,
# a comment and a note, each at its line, and passes the same words where they are exempt (a
# '>' quotation, a literal marked `// quoted`, a formula, code) or fewer than 12. The planted
# words are taken from the article when the test runs (the project keeps none of its text): the
# first 16 words of its first line that opens with 16 plain words.
# cmake -DOWN_WORDS=own_words -DARTICLE=article.txt -DWORK=dir -P own_words_plant.cmake
cmake_minimum_required(VERSION 3.19)
foreach(var OWN_WORDS WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "own_words_plant.cmake needs -D${var}=...")
  endif()
endforeach()
if(NOT ARTICLE OR NOT EXISTS "${ARTICLE}")
  message("own_words: skipped: no copy of the article to plant from (ARTICLE='${ARTICLE}')")
  return()
endif()

file(STRINGS "${ARTICLE}" lines)
set(copied "")
foreach(line IN LISTS lines)
  string(REPLACE " " ";" words "${line}")
  list(LENGTH words count)
  if(count LESS 16)
    continue()
  endif()
  list(SUBLIST words 0 16 first)
  list(JOIN first " " candidate)
  if(candidate MATCHES "^[A-Za-z ,.:-]+$")
    set(copied "${candidate}")
    break()
  endif()
endforeach()
if(copied STREQUAL "")
  message(FATAL_ERROR "no line of ${ARTICLE} opens with 16 plain words to plant")
endif()
list(SUBLIST first 0 11 eleven)
list(JOIN eleven " " eleven)

file(REMOVE_RECURSE "${WORK}")
file(WRITE "${WORK}/planted/page.md"
  "# A planted page\n\nOur own words first, then the article's: ${copied}\n\n"
  "Eleven words only: ${eleven} and our own again.\n")
file(WRITE "${WORK}/planted/unit.cpp"
  "// A planted unit.\n// Our own words, then the article's: ${copied}\n"
  "const char* note = \"see \" \"${copied}\";\n")
file(WRITE "${WORK}/exempt/page.md"
  "> ${copied}\n\nA formula, \\f$ ${copied} \\f$, and code, `${copied}`.\n")
file(WRITE "${WORK}/exempt/unit.cpp" "/// > ${copied}\nint x;  // \\f$ ${copied} \\f$\n"
  "const char* article = \"${copied}\";  // quoted\n")

execute_process(COMMAND "${OWN_WORDS}" --article "${ARTICLE}" "${WORK}/planted"
                OUTPUT_VARIABLE out RESULT_VARIABLE status)
message("${out}")
if(NOT status EQUAL 1)
  message(FATAL_ERROR "own_words exited ${status} on the planted copies, not 1")
endif()
foreach(place "page.md:3: 16 words" "unit.cpp:2: 16 words" "unit.cpp:3: 16 words" "own_words: 3 runs of 12")
  string(FIND "${out}" "${place}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "own_words did not report '${place}'")
  endif()
endforeach()

execute_process(COMMAND "${OWN_WORDS}" --article "${ARTICLE}" "${WORK}/exempt"
                OUTPUT_VARIABLE out RESULT_VARIABLE status)
message("${out}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "own_words exited ${status} on words quoted, in formulas and in code, not 0")
endif()
