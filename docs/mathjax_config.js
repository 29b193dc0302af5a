// Displayed formulas break at operators and commas when they are wider than the page, so a
// narrow window reads them without scrolling sideways (checked by docs/check_layout.sh).
MathJax.Hub.Config({ "HTML-CSS": { linebreaks: { automatic: true } } });
