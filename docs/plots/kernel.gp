# The normalised kernel (2/d) kappa_d(Delta) at d = 64, 512 and 8192 against offset, with its
# limit I_b and the logarithmic ruler (Theorem 1). Data: figures::kernel_figure.
load style
file = datadir.'/kernel.curves.dat'
set logscale x 2
set xrange [1:4096]
set yrange [-0.25:1.05]
set format x "%.0f"
set xtics (1, 4, 16, 64, 256, 1024, 4096)
set xlabel "offset Δ (log scale)"
set ylabel "(2/d) κ_{/*1.25 d}(Δ)"
set key below horizontal samplen 2 reverse Left noopaque nobox
eval svg_size(600, 480)
set title "The stationary kernel becomes a logarithmic ruler (b = 10^{/*1.25 4})"
plot file using 1:2 with lines linecolor rgb "#701f77b4" linewidth 1 title "d = 64", \
     file using 1:3 with lines linecolor rgb "#60ff7f0e" linewidth 1 title "d = 512", \
     file using 1:4 with lines linetype 3 linewidth 1.5 title "d = 8192", \
     file using 1:5 with lines linetype 4 dashtype 2 linewidth 2 title "limit I_{/*1.25 b}(Δ)", \
     file using 1:6 with lines linetype 5 dashtype 3 linewidth 2 title "ruler 1 − (γ + ln Δ)/ln b"
