# Shared look of the documentation's plots; every plots/*.gp loads it first. The caller (the
# docs build, docs/CMakeLists.txt) defines datadir, output and style.
set terminal svg size 820,460 dynamic enhanced font "sans,13" background rgb "white"
set output output
set border linewidth 1
set grid linecolor rgb "#dddddd"
set key opaque box linecolor rgb "#bbbbbb"
set linetype 1 linecolor rgb "#1f77b4" linewidth 2
set linetype 2 linecolor rgb "#ff7f0e" linewidth 2
set linetype 3 linecolor rgb "#2ca02c" linewidth 2
set linetype 4 linecolor rgb "#000000" linewidth 2
set linetype 5 linecolor rgb "#d62728" linewidth 2
