// Render probe for the headless-browser check (docs/check_rendering.sh). Once the page has
// loaded and MathJax has finished typesetting, it records on <body> what a reader would see:
//   data-pe-mathjax        "done" (typesetting finished) or "absent" (MathJax did not load)
//   data-pe-formulas       the number of formulas MathJax typeset
//   data-pe-math-errors    formulas that failed (TeX parse errors, processing errors)
//   data-pe-images         images and SVG objects on the page
//   data-pe-images-broken  the sources of those that did not load, or "none"
// It changes nothing else; a reader's browser runs it too, harmlessly.
(function () {
  "use strict";
  function recordImages() {
    var broken = [];
    var images = document.querySelectorAll("img");
    var objects = document.querySelectorAll("object[data]");
    Array.prototype.forEach.call(images, function (img) {
      if (!img.complete || img.naturalWidth === 0) broken.push(img.getAttribute("src"));
    });
    // An <object> whose data failed to load shows its (empty) fallback, which has no height.
    Array.prototype.forEach.call(objects, function (obj) {
      if (obj.offsetHeight < 10) broken.push(obj.getAttribute("data"));
    });
    document.body.setAttribute("data-pe-images", String(images.length + objects.length));
    document.body.setAttribute("data-pe-images-broken", broken.length ? broken.join(" ") : "none");
  }
  function recordMath() {
    var jax = MathJax.Hub.getAllJax();
    var errors = 0;
    jax.forEach(function (j) { if (j.texError) errors += 1; });
    errors += document.querySelectorAll(".MathJax_Error").length;
    document.body.setAttribute("data-pe-formulas", String(jax.length));
    document.body.setAttribute("data-pe-math-errors", String(errors));
    document.body.setAttribute("data-pe-mathjax", "done");
  }
  window.addEventListener("load", function () {
    if (window.MathJax && window.MathJax.Hub) {
      window.MathJax.Hub.Queue(function () { recordMath(); recordImages(); });
    } else {
      document.body.setAttribute("data-pe-mathjax", "absent");
      recordImages();
    }
  });
})();
