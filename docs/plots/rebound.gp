# A trained RoPE head's score of a marked token against its offset, read plain at the longest
# test length, with the window's edge, the first trough, the dive and the rebound marked.
# Data: figures::offsets_figure (column 5 is rope; the parameters carry the landmarks).
load style
file = datadir.'/offsets.scores.dat'
load datadir.'/offsets.parameters.gnuplot'
set xrange [0:query_position]
set xlabel "offset r of the marked token behind the query"
eval svg_size(600, 440)
set ylabel "pre-softmax score"
set key below horizontal maxrows 1 samplen 2 reverse Left noopaque nobox
set title sprintf("RoPE past its window (seed %d):\nfalls, dives at r = %d, rebounds to r = %d", seed, rope_dive, rope_rebound_peak)
set arrow from edge_offset, graph 0 to edge_offset, graph 1 nohead dashtype 2 linecolor rgb "#888888"
set label sprintf("window edge r = %d", edge_offset) at edge_offset + 3, graph 0.94 textcolor rgb "#666666"
set xzeroaxis linecolor rgb "#999999"
set offsets 0, 0, graph 0.05, graph 0.08
set label 1 sprintf("dive, r = %d", rope_dive) at rope_dive, first rope_dive_score offset 1.5,0 point pointtype 7 pointsize 1.2 linecolor rgb "#d62728"
set label 2 sprintf("rebound, r = %d", rope_rebound_peak) at rope_rebound_peak, first rope_rebound_score offset 1,1 point pointtype 7 pointsize 1.2 linecolor rgb "#d62728"
set label 3 sprintf("first trough, r = %d", rope_first_trough) at rope_first_trough, first rope_first_trough_score offset 1,-1 point pointtype 6 pointsize 1.2 linecolor rgb "#d62728"
plot file using 1:5 with lines linetype 2 title "RoPE, plain", \
     file using 1:8 with lines linecolor rgb "#f5b57a" dashtype 2 linewidth 1.5 title sprintf("RoPE + NTK-aware at κ = %g", (query_position + 1) / window)
