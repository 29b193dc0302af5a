# The code's clocks at two positions (Figure A of the article's laboratory): plane j is a
# clock whose hand points at angle m omega_j, drawn from the code's own entries
# (p_2j, p_2j+1). Data: figures::clocks_figure (d = 16, m = 3, n = 10).
load style
file = datadir.'/clocks.hands.dat'
load datadir.'/clocks.parameters.gnuplot'   # d, base, m, n, grid
stats file using ($3*$5 + $4*$6) name "INNER" nooutput
set terminal svg size 900,300 dynamic enhanced font "sans,13" background rgb "white"
set output output
unset border; unset xtics; unset ytics; unset grid
set size ratio -1
set xrange [-1.3:2.5*(d/2 - 1) + 1.3]
set yrange [-1.9:1.45]
set key at screen 0.98, screen 0.12 horizontal noopaque nobox
set title sprintf("The clocks of the code at m = %d and n = %d (d = %d): ⟨p(m), p(n)⟩/(d/2) = %.3f", \
                  m, n, d, INNER_sum/(d/2))
set style fill empty
plot file using (2.5*$1):(0):(1) with circles linecolor rgb "#999999" notitle, \
     file using (2.5*$1):(0):3:4 with vectors head filled size 0.18,25 linetype 1 title sprintf("hand at m = %d", m), \
     file using (2.5*$1):(0):5:6 with vectors head filled size 0.18,25 linetype 2 title sprintf("hand at n = %d", n), \
     file using (2.5*$1):(-1.45):(sprintf("j = %d", $1)) with labels font "sans,11" notitle, \
     file using (2.5*$1):(1.3):(sprintf("ω = %.2g", $2)) with labels font "sans,10" notitle
