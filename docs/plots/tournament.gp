# Accuracy of every scheme and rescaling against test length: the mean over every seed of the
# selected recipe with error bars of one standard deviation between single seeds, and the
# article's printed values as open circles. Heads trained at the
# window length. Data: figures::tournament_figure (tables band: length, then <reader> and
# <reader>_sd for none, sinusoidal, learned, rope, alibi, rope_pi, rope_ntk, rope_yarn; article:
# length and the article's value per reader).
load style
band = datadir.'/tournament.band.dat'
article = datadir.'/tournament.article.dat'
load datadir.'/tournament.parameters.gnuplot'   # window, seeds, spread_seeds, test_sequences
eval svg_size(600, 520)
set logscale x 2
set xrange [28:290]
set xtics (32, 64, 128, 256)
set yrange [0:1.05]
set xlabel "test length (log scale)"
set ylabel sprintf("accuracy, mean of %d seeds", seeds)
set key below horizontal maxrows 3 samplen 2 reverse Left noopaque nobox
set title sprintf("Reading past a window of %d positions (%d test sequences per length)\nbars: sd between seeds; circles: the article", window, test_sequences)
set arrow from window, graph 0 to window, graph 1 nohead dashtype 2 linecolor rgb "#888888"
plot band using 1:2:3 with yerrorlines linecolor rgb "#7f7f7f" pointtype 4 title "no position", \
     band using 1:4:5 with yerrorlines linetype 1 pointtype 5 title "sinusoidal", \
     band using 1:6:7 with yerrorlines linecolor rgb "#9467bd" linewidth 2 pointtype 13 title "learned table", \
     band using 1:8:9 with yerrorlines linetype 2 pointtype 7 title "RoPE", \
     band using 1:10:11 with yerrorlines linetype 3 pointtype 9 title "ALiBi", \
     band using 1:12:13 with yerrorlines linetype 2 dashtype 2 pointtype 6 title "RoPE + PI", \
     band using 1:14:15 with yerrorlines linetype 2 dashtype 3 pointtype 8 title "RoPE + NTK-aware", \
     band using 1:16:17 with yerrorlines linetype 2 dashtype 4 pointtype 10 title "RoPE + YaRN", \
     for [c=2:9] article using 1:c with points pointtype 6 pointsize 1.6 linecolor rgb "#000000" notitle
