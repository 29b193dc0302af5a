# The code's clocks at two positions (Figure A of the article's laboratory): plane j is a
# clock whose hand points at angle m omega_j, drawn from the code's own entries
# (p_2j, p_2j+1), in two rows so that each clock's label has room. Data: figures::clocks_figure
# (d = 16, m = 3, n = 10).
load style
file = datadir.'/clocks.hands.dat'
load datadir.'/clocks.parameters.gnuplot'   # d, base, m, n, grid
stats file using ($3*$5 + $4*$6) name "INNER" nooutput
eval svg_size(600, 520)
unset border; unset xtics; unset ytics; unset grid
set size ratio -1
per_row = (d/2 + 1) / 2
x(j) = 2.6 * (int(j) % per_row)
y(j) = -3.6 * int(j / per_row)
set xrange [-1.3:2.6*(per_row - 1) + 1.3]
set yrange [-3.6 - 2.1:1.2]
set key below horizontal noopaque nobox
set title sprintf("The clocks of the code at m = %d and n = %d (d = %d)\n⟨p(m), p(n)⟩/(d/2) = %.3f", \
                  m, n, d, INNER_sum/(d/2))
set style fill empty
plot file using (x($1)):(y($1)):(1) with circles linecolor rgb "#999999" notitle, \
     file using (x($1)):(y($1)):3:4 with vectors head filled size 0.18,25 linetype 1 title sprintf("hand at m = %d", m), \
     file using (x($1)):(y($1)):5:6 with vectors head filled size 0.18,25 linetype 2 title sprintf("hand at n = %d", n), \
     file using (x($1)):(y($1) - 1.55):(sprintf("j = %d\nω = %.2g", $1, $2)) with labels notitle
