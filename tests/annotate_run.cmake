# CTest `report.annotate`: `pe_report annotate` as a reader runs it. On the article it writes one
# page with badges and exits 0 (also with --strict: the copy matches the declarations); on a copy
# with one number misprinted it names the change and its line on standard error, exits 0, and
# exits 1 only with --strict; on a copy without a sentence it names the numbers that sentence
# held, not the equal ones after it (the build's article is the reference), or, with no usable
# reference, says which are candidates; an unreadable copy and a bad option exit 2 with a message.
# cmake -DPE_REPORT=... -DARTICLE=... -DWORK=dir -P annotate_run.cmake
foreach(var PE_REPORT ARTICLE WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "annotate_run.cmake needs -D${var}=...")
  endif()
endforeach()
file(MAKE_DIRECTORY "${WORK}")

function(annotate expected_status stderr_regex)
  execute_process(COMMAND "${PE_REPORT}" annotate ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT status EQUAL expected_status)
    message(FATAL_ERROR "pe_report annotate ${ARGN}: exit ${status}, expected ${expected_status}\n${err}")
  endif()
  if(NOT err MATCHES "${stderr_regex}")
    message(FATAL_ERROR "pe_report annotate ${ARGN}: standard error does not match '${stderr_regex}':\n${err}")
  endif()
  set(annotate_err "${err}" PARENT_SCOPE)
endfunction()

# The article itself: a page, no discrepancy reported.
annotate(0 "" "${ARTICLE}" --strict -o "${WORK}/article.html")
if(annotate_err MATCHES "missing|changed|not accounted|accounted for twice")
  message(FATAL_ERROR "the article itself reported as differing:\n${annotate_err}")
endif()
file(READ "${WORK}/article.html" page)
string(REGEX MATCHALL "class=\"pe-badge " badges "${page}")
list(LENGTH badges badge_count)
if(badge_count LESS 200)
  message(FATAL_ERROR "the annotated article has ${badge_count} badges")
endif()

# One misprinted number: reported by name and place; --strict makes it an error.
file(READ "${ARTICLE}" text)
set(row "RoPE (rotations)\t$1.000$\t$0.466$")
string(FIND "${text}" "${row}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the overview table's RoPE row is not in ${ARTICLE}")
endif()
string(REPLACE "${row}" "RoPE (rotations)\t$1.000$\t$0.467$" misprinted "${text}")
file(WRITE "${WORK}/misprinted.txt" "${misprinted}")
set(changed "changed: 0[.]466 -> 0[.]467 [(]#1[)] in table[.]overview, line [0-9]+, the place of exp[.]tournament[.]rope[.]L256")
annotate(0 "${changed}" "${WORK}/misprinted.txt" -o "${WORK}/misprinted.html")
if(annotate_err MATCHES "not accounted for: 0[.]467|missing: 0[.]466")
  message(FATAL_ERROR "the misprint is reported as more than one event:\n${annotate_err}")
endif()
annotate(1 "${changed}" "${WORK}/misprinted.txt" --strict -o "${WORK}/misprinted.html")
file(READ "${WORK}/misprinted.html" page)
if(NOT page MATCHES "This copy differs")
  message(FATAL_ERROR "the page of a misprinted copy does not say that it differs")
endif()

# A sentence deleted: its "1" is the paragraph's first, a setting; the second "1" is a claim's
# place and stays. Against the build's article the gone one is named; against the copy itself (a
# reference that lacks the sentence too is not read there) both are listed as candidates, and
# --strict still fails.
set(sentence "In seed $0$ the score falls from $114.10$ at $r = 1$ to a first trough of $5.91$ at $r = 34$ , as the task rewards. ")
string(FIND "${text}" "${sentence}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the rebound paragraph's seed-0 sentence is not in ${ARTICLE}")
endif()
string(REPLACE "${sentence}" "" deleted "${text}")
file(WRITE "${WORK}/deleted.txt" "${deleted}")
annotate(0 "missing: 1 [(]#1[)] in exp[.]rebound, declared no claim" "${WORK}/deleted.txt" -o "${WORK}/deleted.html")
if(annotate_err MATCHES "thm5[.]census[.]full_turn_planes")
  message(FATAL_ERROR "a deleted sentence's number is reported as the claim's after it:\n${annotate_err}")
endif()
annotate(1 "missing: one of 1 [(]#1, #2[)] in exp[.]rebound" "${WORK}/deleted.txt" --reference "${WORK}/deleted.txt"
         --strict -o "${WORK}/deleted.html")

# The same copy saved with CR LF line ends and a byte-order mark reads as the article.
string(REPLACE "\n" "\r\n" windows "${text}")
string(ASCII 239 187 191 byte_order_mark)
file(WRITE "${WORK}/windows.txt" "${byte_order_mark}${windows}")
annotate(0 "" "${WORK}/windows.txt" --strict -o "${WORK}/windows.html")

# By default the page links to the build's docs by a relative path, never the build machine's
# file:// path.
file(READ "${WORK}/article.html" page)
if(page MATCHES "file://" OR NOT page MATCHES "href=\"[.][.]/[^\"]*claims[.]html#")
  string(REGEX MATCH "href=\"[^\"]*\"" first_link "${page}")
  message(FATAL_ERROR "the page's links are not relative to its folder (first: ${first_link})")
endif()

# An empty copy and a Latin-1 copy are refused, saying why.
file(WRITE "${WORK}/empty.txt" "\n\n")
annotate(2 "holds no text" "${WORK}/empty.txt")
string(ASCII 233 latin1_e_acute)
file(WRITE "${WORK}/latin1.txt" "Title\n\nSoci${latin1_e_acute}t${latin1_e_acute} $0.5$\n")
annotate(2 "line 3 is not UTF-8 [(]byte 0xE9 " "${WORK}/latin1.txt")

# What cannot be read, and what is not an option.
annotate(2 "cannot read ${WORK}/no_such_copy.txt" "${WORK}/no_such_copy.txt")
annotate(2 "unexpected argument '--colour'" "${ARTICLE}" --colour)
annotate(2 "name your copy of the article" --text)
message(STATUS "annotate: ${badge_count} badges on the article; a misprint reported, --strict exits 1")
