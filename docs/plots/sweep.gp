# The sensitivity sweep: every experiment claim that reads trained heads, ranked by the share of
# the grid's training settings in which its statement holds, one marker per claim in the shape
# and colour of its class (a claim holding nowhere sits on the zero line, still drawn). Data:
# figures::sweep_figure (table claims: rank, share_held, holds_selected, class; texts classes).
load style
eval svg_size(600, 440)
file = datadir.'/sweep.claims.dat'
load datadir.'/sweep.parameters.gnuplot'   # claims, settings, most_share, substantial_share, classes_*
set xrange [-1:claims]
# Below zero, so that a marker at share 0 is whole and not cut by the axis.
set yrange [-0.06:1.06]
set ytics 0, 0.25, 1
set xlabel sprintf("the %d swept claims, ranked by share", claims)
set ylabel "share of plausible settings"
# The class thresholds (theorems/sweep.hpp): above most_share a holding claim reproduces, at or
# below it is fragile; at or above substantial_share a failing claim is setting-dependent.
set arrow from graph 0, first most_share to graph 1, first most_share nohead dashtype 2 linecolor rgb "#555555"
set arrow from graph 0, first substantial_share to graph 1, first substantial_share nohead dashtype 3 linecolor rgb "#555555"
set style textbox opaque noborder
set label "reproduces ↑  fragile ↓" at graph 0.02, first most_share + 0.05 left boxed front textcolor rgb "#333333"
set label "setting-dependent ↑  does-not-reproduce ↓" at graph 0.02, first substantial_share + 0.05 left boxed front textcolor rgb "#333333"
set key below horizontal maxrows 3 samplen 1 reverse Left noopaque nobox
set title "Where each experiment claim holds, over the training settings"
# One marker per entry of swept_classes() (reproduces, fragile, setting-dependent,
# does-not-reproduce, inconclusive): green holds in the selected recipe, red fails there, grey
# is undecided; each class its own shape, so the classes read apart without colour too.
point(i) = word("7 6 8 5 12", i + 1) + 0
colour(i) = word("#2ca02c #2ca02c #d62728 #d62728 #7f7f7f", i + 1)
# The key counts each class's claims (none before the sweep has run).
array members[classes_count]
do for [i = 0:classes_count - 1] {
  members[i + 1] = 0
  if (claims > 0) { stats file using ($4 == i ? 1 : 0) nooutput; members[i + 1] = int(STATS_sum) }
}
plot for [i = 0:classes_count - 1] file using 1:($4 == i ? $2 : 1/0) with points \
       pointtype point(i) pointsize 0.8 linewidth 1.5 linecolor rgb colour(i) \
       title sprintf("%s (%d)", value(sprintf("classes_%d", i)), members[i + 1])
