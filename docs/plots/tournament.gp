# Accuracy of every scheme and rescaling against test length, mean over seeds; heads trained at
# the window length. Data: figures::tournament_figure (columns: length, none, sinusoidal,
# learned, rope, alibi, rope_pi, rope_ntk, rope_yarn).
load style
file = datadir.'/tournament.accuracy.dat'
load datadir.'/tournament.parameters.gnuplot'   # window, seeds, test_sequences
set logscale x 2
set xrange [28:290]
set xtics (32, 64, 128, 256)
set yrange [0:1.02]
set xlabel "test length (log scale)"
set ylabel sprintf("accuracy (mean of %d seeds)", seeds)
set key outside right top
set title sprintf("Reading past a window of %d positions (%d test sequences per length)", window, test_sequences)
set arrow from window, graph 0 to window, graph 1 nohead dashtype 2 linecolor rgb "#888888"
plot file using 1:2 with linespoints linecolor rgb "#7f7f7f" pointtype 4 title "no position", \
     file using 1:3 with linespoints linetype 1 pointtype 5 title "sinusoidal", \
     file using 1:4 with linespoints linecolor rgb "#9467bd" linewidth 2 pointtype 13 title "learned table", \
     file using 1:5 with linespoints linetype 2 pointtype 7 title "RoPE", \
     file using 1:6 with linespoints linetype 3 pointtype 9 title "ALiBi", \
     file using 1:7 with linespoints linetype 2 dashtype 2 pointtype 6 title "RoPE + PI", \
     file using 1:8 with linespoints linetype 2 dashtype 3 pointtype 8 title "RoPE + NTK-aware", \
     file using 1:9 with linespoints linetype 2 dashtype 4 pointtype 10 title "RoPE + YaRN"
