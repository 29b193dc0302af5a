# The sensitivity sweep: every experiment claim that reads trained heads, ranked by the share of
# the grid's training settings in which its statement holds; filled where it also holds in the
# selected recipe, open where it does not. Data: figures::sweep_figure (table claims: rank,
# share_held, holds_selected).
load style
file = datadir.'/sweep.claims.dat'
load datadir.'/sweep.parameters.gnuplot'   # claims, settings
set xrange [-1:claims]
set yrange [0:1.05]
set xlabel "experiment claims, ranked by the share of settings in which they hold"
set ylabel sprintf("share of the %d training settings", settings)
set key outside right top
set title "How much each experiment claim depends on the training recipe"
plot file using 1:($3 > 0.5 ? $2 : 1/0) with impulses linewidth 3 linecolor rgb "#2ca02c" title "holds in the selected recipe", \
     file using 1:($3 < 0.5 ? $2 : 1/0) with impulses linewidth 3 linecolor rgb "#d62728" title "fails in the selected recipe"
