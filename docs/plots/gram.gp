# The Gram matrix <p(m), p(n)>/(d/2) of positions 0..63 at d = 16: constant along every
# diagonal, because the inner product depends only on n - m (Theorem 1 (i)).
# Data: figures::clocks_figure.
load style
file = datadir.'/clocks.gram.dat'
eval svg_size(560, 520)
set size ratio -1
unset grid
unset key
set xrange [-0.5:63.5]
set yrange [63.5:-0.5]
set xlabel "position n"
set ylabel "position m"
set cblabel "⟨p(m), p(n)⟩/(d/2)"
set cbrange [-0.3:1]
set palette defined (-0.3 "#2166ac", 0 "#f7f7f7", 1 "#b2182b")
set title "Gram matrix of the code, d = 16: a Toeplitz matrix"
plot file using 2:1:4 with image notitle
