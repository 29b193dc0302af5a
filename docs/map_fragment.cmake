# The drawn argument map as an HTML fragment for Doxygen's \htmlinclude: dot's SVG without its
# XML prologue, inside the scrolling container style.css gives it.
# usage: cmake -DSVG=argument.svg -DOUT=argument-map.html -P map_fragment.cmake
file(READ "${SVG}" svg)
string(FIND "${svg}" "<svg" start)
if(start EQUAL -1)
  message(FATAL_ERROR "${SVG} holds no <svg> element: did dot fail?")
endif()
string(SUBSTRING "${svg}" ${start} -1 svg)
file(WRITE "${OUT}" "<div class=\"pe-map\">\n${svg}</div>\n")
