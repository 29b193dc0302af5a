# Theorem 5's wavelength census for the tournament's RoPE head (d = 16, trained at L = 32) and
# each rescaling's factor per plane at kappa = 4. Data: figures::census_figure.
load style
file = datadir.'/census.planes.dat'
load datadir.'/census.parameters.gnuplot'   # d, base, training_length, kappa
eval svg_size(600, 700)
set multiplot layout 2,1
set xrange [-0.5:d/2 - 0.5]
set xtics 1
set xlabel "plane j"
set logscale y 10
set format y "10^{/*1.25 %T}"
set ylabel "wavelength λ_{/*1.25 j} = 2π/θ_{/*1.25 j}"
set key top left
set title sprintf("Which planes turn within L = %d offsets", training_length)
set style fill solid 0.6 border -1
set boxwidth 0.6
plot file using 1:3 with boxes linecolor rgb "#1f77b4" title "λ_{/*1.25 j}", \
     training_length - 1 with lines linetype 5 dashtype 2 title sprintf("L − 1 = %d", training_length - 1)
unset logscale y
set format y "%g"
set yrange [0:1.05]
set ylabel "frequency factor θ'_{/*1.25 j} / θ_{/*1.25 j}"
set key top right
set title sprintf("Rescalings read at κ = %g", kappa)
plot file using 1:5 with linespoints linetype 1 pointtype 7 title "PI", \
     file using 1:6 with linespoints linetype 2 pointtype 5 title "NTK-aware", \
     file using 1:7 with linespoints linetype 3 pointtype 9 title "YaRN"
unset multiplot
