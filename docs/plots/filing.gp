# The case study's exhibit filing: at every position the company mentioned there, the company
# named last (truth) and each reader's answer for seed 0, one row per reader, coloured by
# company. Data: figures::filing_figure (columns: position, mention, truth, then <reader>_s<k>
# for the readers none, sinusoidal, rope, alibi, rope_pi, rope_ntk, rope_yarn and seeds
# 0..seeds-1; -1 where there is no mention or no question).
load style
file = datadir.'/filing.answers.dat'
load datadir.'/filing.parameters.gnuplot'   # positions, window, seeds, companies_*
eval svg_size(600, 520)
# One colour per company, as line types 20, 21, ...
set linetype 20 linecolor rgb "#1f77b4"
set linetype 21 linecolor rgb "#ff7f0e"
set linetype 22 linecolor rgb "#2ca02c"
set linetype 23 linecolor rgb "#d62728"
set linetype 24 linecolor rgb "#9467bd"
set linetype 25 linecolor rgb "#8c564b"
set linetype 26 linecolor rgb "#e377c2"
set linetype 27 linecolor rgb "#17becf"
set xrange [-1:positions]
set yrange [-0.7:8.7]
set xlabel "position in the filing"
set ytics ("mentions" 8, "truth" 7, "no position" 6, "sinusoidal" 5, "RoPE" 4, "ALiBi" 3, \
           "RoPE + PI" 2, "RoPE + NTK" 1, "RoPE + YaRN" 0)
set grid noytics
set key outside top center horizontal
set title "Exhibit filing: the company named last\nand each reader's answer (seed 0)"
company(c) = column(c) < 0 ? NaN : column(c)
colour(c) = column(c) < 0 ? 20 : 20 + column(c)
col(r) = 4 + r * seeds   # reader r's seed-0 column
plot file using 1:(company(2) * 0 + 8):(colour(2)) with points pointtype 5 pointsize 0.9 lc variable notitle, \
     file using 1:(company(3) * 0 + 7):(colour(3)) with points pointtype 5 pointsize 0.55 lc variable notitle, \
     for [r=0:6] file using 1:(company(col(r)) * 0 + 6 - r):(colour(col(r))) with points pointtype 5 pointsize 0.55 lc variable notitle, \
     for [c=0:companies_count - 1] NaN with points pointtype 5 pointsize 1.2 linetype 20 + c title value(sprintf("companies_%d", c))
