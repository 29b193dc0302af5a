# Shared look of the documentation's plots; every plots/*.gp loads it first. The caller (the
# docs build, docs/CMakeLists.txt) defines datadir, output and style.
# A plot is shown at the size it is drawn (fixed: one unit is one px of the page, never
# enlarged: docs/style.css), its text at Doxygen's 14 px body size; a narrower column shrinks
# it, and check_layout.sh requires its smallest text to stay readable in an 800 px window,
# which a canvas about 600 wide allows. A script needing another canvas evals svg_size(w, h).
# Sub- and superscripts are written _{/*1.25 x}: gnuplot's default 80% would be too small.
svg_size(w, h) = sprintf('set terminal svg size %d,%d fixed enhanced font "sans,14" background rgb "white"; set output output', w, h)
eval svg_size(600, 400)
set border linewidth 1
set grid linecolor rgb "#dddddd"
set key opaque box linecolor rgb "#bbbbbb"
set linetype 1 linecolor rgb "#1f77b4" linewidth 2
set linetype 2 linecolor rgb "#ff7f0e" linewidth 2
set linetype 3 linecolor rgb "#2ca02c" linewidth 2
set linetype 4 linecolor rgb "#000000" linewidth 2
set linetype 5 linecolor rgb "#d62728" linewidth 2
