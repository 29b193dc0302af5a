# The sensitivity sweep: every experiment claim that reads trained heads, ranked by the share of
# the grid's training settings in which its statement holds; filled where it also holds in the
# selected recipe, open where it does not. Data: figures::sweep_figure (table claims: rank,
# share_held, holds_selected).
load style
file = datadir.'/sweep.claims.dat'
load datadir.'/sweep.parameters.gnuplot'   # claims, settings, most_share, substantial_share
set xrange [-1:claims]
set yrange [0:1.05]
set xlabel sprintf("the %d swept claims, ranked by that share (each claim's card gives its own)", claims)
set ylabel "share of its plausible settings in which it holds"
# The class thresholds (theorems/sweep.hpp): above most_share a holding claim reproduces, at or
# below it is fragile; at or above substantial_share a failing claim is setting-dependent.
set arrow from graph 0, first most_share to graph 1, first most_share nohead dashtype 2 linecolor rgb "#555555"
set arrow from graph 0, first substantial_share to graph 1, first substantial_share nohead dashtype 3 linecolor rgb "#555555"
set style textbox opaque noborder
set label "green above: reproduces" at graph 0.99, first most_share + 0.035 right boxed front textcolor rgb "#333333"
set label "red above: setting-dependent" at graph 0.99, first substantial_share + 0.035 right boxed front textcolor rgb "#333333"
set key outside right top
set title "How much each experiment claim depends on the training recipe"
plot file using 1:($3 > 0.5 ? $2 : 1/0) with impulses linewidth 3 linecolor rgb "#2ca02c" title "holds in the selected recipe", \
     file using 1:($3 < 0.5 ? $2 : 1/0) with impulses linewidth 3 linecolor rgb "#d62728" title "fails in the selected recipe"
