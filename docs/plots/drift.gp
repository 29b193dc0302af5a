# A trained head's score of a marked token a fixed offset behind the query as the query's
# absolute position moves: the added sinusoidal code drifts, RoPE and ALiBi stay flat.
# Data: figures::drift_figure.
load style
file = datadir.'/drift.scores.dat'
load datadir.'/drift.parameters.gnuplot'   # offset, window, seed
set xrange [offset:255]
set xlabel "query position t"
set ylabel sprintf("score of a token %d back", offset)
set key below horizontal maxrows 1 samplen 2 reverse Left noopaque nobox
set title sprintf("Same offset, different positions\n(seed %d heads, trained on %d positions)", seed, window)
set arrow from window - 1, graph 0 to window - 1, graph 1 nohead dashtype 2 linecolor rgb "#888888"
set label "end of the training window" at window + 2, graph 0.06 textcolor rgb "#666666"
plot file using 1:2 with lines linetype 1 title "sinusoidal (added)", \
     file using 1:3 with lines linetype 2 title "RoPE", \
     file using 1:4 with lines linetype 3 title "ALiBi"
