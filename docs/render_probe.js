// Render probe for the headless-browser check (docs/check_rendering.sh). Once the page has
// loaded and MathJax has finished typesetting, it records on <body> what a reader would see:
//   data-pe-mathjax        "done" (typesetting finished) or "absent" (MathJax did not load)
//   data-pe-formulas       the number of formulas MathJax typeset
//   data-pe-math-errors    formulas that failed (TeX parse errors, processing errors)
//   data-pe-images         images and SVG objects on the page
//   data-pe-images-broken  the sources of those that did not load, or "none"
// and the layout of the claim cards and tables (docs/check_layout.sh judges it):
//   data-pe-cards               claim cards (div.pe-claim) on the page
//   data-pe-card-max-height     the tallest card's height in px, details closed, and
//   data-pe-card-tallest        its claim id
//   data-pe-card-total-height   all cards' heights together
//   data-pe-reasons             erratum reasons (div.pe-claim-reason) and
//   data-pe-reasons-hidden      those not fully visible (no width or height, or clipped)
//   data-pe-column-min-width    the narrowest visible table column with a word of more than three
//                               characters, in px ("none": no such column), and
//   data-pe-column-narrowest    its heading
//   data-pe-wrapped-cells       table cells holding one short word (at most six characters) that
//                               the layout breaks over two lines, and
//   data-pe-wrapped-cell        the first of them: its word and its column's heading
//   data-pe-figures             SVG figures (object or img in Doxygen's div.image), and
//   data-pe-figures-unread      those whose document the probe could not read
//   data-pe-figure-text-min     the smallest rendered font size of any figure text, in px
//                               ("none": no figure text), and
//   data-pe-figure-text-smallest  its figure and words
//   data-pe-page-height         the height of the scrolled content in px
//   data-pe-overflow-x          px the content is wider than its view (horizontal scrolling)
//   data-pe-overflow-by         the element that breaks out of the view, when it is: its tag, id,
//                               class, width, its parent's width and first words
// and the argument map, the SVG in div.pe-map (docs/check_map.sh judges it):
//   data-pe-map-nodes      the statement ids of its nodes (g.node with id "map-ID"), space-separated
//   data-pe-map-links      each node's link, in the same order ("none" for a node without one)
//   data-pe-map-font-min   its smallest text as rendered, in CSS px (computed font size times the
//                          text's scale on screen), and
//   data-pe-map-font-text  that text
//   data-pe-map-scroll     px the drawing is wider than its frame (it scrolls sideways inside it)
// and the annotated article's marks (article.html; docs/check_layout.sh judges them):
//   data-pe-badges              verdict badges and statements' standings (a.pe-badge, a.pe-standing)
//   data-pe-badges-hidden       those a reader cannot see (no width or height, or not displayed)
//   data-pe-badge-font-min      their smallest rendered text in px, and
//   data-pe-badge-smallest      its words
//   data-pe-badge-links         each one's link target, space-separated, each once
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
  // Attribute text the shell check can read: one line, no quotes or angle brackets.
  function plain(text, length) {
    return text.replace(/[^A-Za-z0-9 #=._-]+/g, " ").replace(/\s+/g, " ").trim().slice(0, length || 40);
  }
  function recordLayout() {
    var body = document.body;
    var cards = document.querySelectorAll("div.pe-claim");
    var tallest = 0, tallestId = "", total = 0;
    Array.prototype.forEach.call(cards, function (card) {
      var h = card.getBoundingClientRect().height;
      total += h;
      if (h > tallest) {
        tallest = h;
        var head = card.querySelector("div.pe-claim-head a, div.pe-claim-head code");
        tallestId = head ? plain(head.textContent) : "";
      }
    });
    var reasons = document.querySelectorAll("div.pe-claim-reason");
    var hidden = 0;
    Array.prototype.forEach.call(reasons, function (r) {
      var box = r.getBoundingClientRect();
      if (box.width < 1 || box.height < 1 || r.scrollHeight > r.clientHeight + 1 ||
          r.scrollWidth > r.clientWidth + 1) hidden += 1;
    });
    var narrowest = Infinity, narrowestName = "";
    // A column counts as squeezed when narrower than the minimum and holding a word longer than
    // three characters (a column of small numbers may be narrow). A member's prototype, its
    // parameter list and its labels (Doxygen's memname, params and mlabels tables) lay out one
    // identifier or keyword a cell, as short as the code names it.
    Array.prototype.forEach.call(document.querySelectorAll("table"), function (table) {
      if (table.offsetParent === null || !table.rows.length) return;  // not displayed
      if (["memname", "params", "mlabels"].some(function (c) { return table.classList.contains(c); })) return;
      var longest = [];
      Array.prototype.forEach.call(table.rows, function (row) {
        Array.prototype.forEach.call(row.cells, function (cell, i) {
          cell.textContent.split(/\s+/).forEach(function (word) {
            longest[i] = Math.max(longest[i] || 0, word.length);
          });
        });
      });
      Array.prototype.forEach.call(table.rows[0].cells, function (cell, i) {
        var w = cell.getBoundingClientRect().width;
        if (longest[i] > 3 && w < narrowest) { narrowest = w; narrowestName = plain(cell.textContent); }
      });
    });
    recordWrappedCells(body);
    recordFigureText(body);
    var scroller = document.getElementById("doc-content") || document.scrollingElement;
    body.setAttribute("data-pe-cards", String(cards.length));
    body.setAttribute("data-pe-card-max-height", String(Math.round(tallest)));
    body.setAttribute("data-pe-card-tallest", tallestId);
    body.setAttribute("data-pe-card-total-height", String(Math.round(total)));
    body.setAttribute("data-pe-reasons", String(reasons.length));
    body.setAttribute("data-pe-reasons-hidden", String(hidden));
    body.setAttribute("data-pe-column-min-width",
                      narrowest === Infinity ? "none" : String(Math.round(narrowest)));
    body.setAttribute("data-pe-column-narrowest", narrowestName);
    body.setAttribute("data-pe-page-height", String(scroller.scrollHeight));
    var overflow = Math.max(0, scroller.scrollWidth - scroller.clientWidth);
    body.setAttribute("data-pe-overflow-x", String(overflow));
    if (overflow > 1) {
      var culprit = overflowingElement(scroller);
      if (culprit) body.setAttribute("data-pe-overflow-by", culprit);
    }
  }
  // The element that breaks out of the view: of the elements reaching past the view's right edge
  // whose parent stays inside it (or is the view), the one reaching furthest, as "TAG#ID.CLASS
  // W px in a P px parent: first words". An SVG element's className is an object, so the class
  // attribute is read instead.
  function overflowingElement(scroller) {
    var box = scroller.getBoundingClientRect();
    var edge = box.left + scroller.clientWidth + 1;
    var best = null, bestRight = edge;
    Array.prototype.forEach.call(scroller.querySelectorAll("*"), function (e) {
      var r = e.getBoundingClientRect();
      if (r.right <= bestRight || r.width < 1) return;
      var parent = e.parentElement;
      if (parent !== scroller && parent.getBoundingClientRect().right > edge) return;
      for (var a = parent; a && a !== scroller; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== "visible") return;  // clipped: scrolls in its frame
      }
      best = e;
      bestRight = r.right;
    });
    if (!best) return null;
    var name = best.tagName.toLowerCase() + (best.id ? "#" + best.id : "") +
               (best.getAttribute("class") ? "." + best.getAttribute("class").split(/\s+/)[0] : "");
    var parentWidth = best.parentElement === scroller ? scroller.clientWidth
                                                      : best.parentElement.getBoundingClientRect().width;
    return plain(name + " " + Math.round(best.getBoundingClientRect().width) + " px in a " +
                 Math.round(parentWidth) + " px parent " + best.textContent, 90);
  }
  function recordMap() {
    var svg = document.querySelector("div.pe-map svg");
    if (!svg) return;
    var ids = [], links = [], smallest = Infinity, smallestText = "";
    Array.prototype.forEach.call(svg.querySelectorAll("g.node"), function (node) {
      ids.push(node.id.replace(/^map-/, ""));
      var a = node.querySelector("a");
      var href = a && (a.getAttributeNS("http://www.w3.org/1999/xlink", "href") || a.getAttribute("href"));
      links.push(href || "none");
    });
    Array.prototype.forEach.call(svg.querySelectorAll("text"), function (text) {
      var px = parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a;
      if (px < smallest) { smallest = px; smallestText = plain(text.textContent); }
    });
    var frame = svg.parentNode;
    document.body.setAttribute("data-pe-map-nodes", ids.join(" "));
    document.body.setAttribute("data-pe-map-links", links.join(" "));
    document.body.setAttribute("data-pe-map-font-min", smallest === Infinity ? "none" : smallest.toFixed(1));
    document.body.setAttribute("data-pe-map-font-text", smallestText);
    document.body.setAttribute("data-pe-map-scroll", String(Math.max(0, frame.scrollWidth - frame.clientWidth)));
  }
  // A cell holding a single word of at most six characters (what the narrowest readable column,
  // check_layout.sh's min_column, holds) must sit on one line: a number broken into digits is
  // misread. Its text's line boxes tell: one starting more than half a line below another.
  function recordWrappedCells(body) {
    var wrapped = 0, first = "";
    Array.prototype.forEach.call(document.querySelectorAll("table"), function (table) {
      if (table.offsetParent === null || !table.rows.length) return;
      var headings = table.rows[0].cells;
      Array.prototype.forEach.call(table.rows, function (row) {
        Array.prototype.forEach.call(row.cells, function (cell, i) {
          var word = cell.textContent.trim();
          if (!word || word.length > 6 || /\s/.test(word)) return;
          var range = document.createRange();
          range.selectNodeContents(cell);
          var first_top = Infinity, last_top = -Infinity, line = Infinity;
          Array.prototype.forEach.call(range.getClientRects(), function (r) {
            if (r.width < 1 || r.height < 1) return;
            first_top = Math.min(first_top, r.top);
            last_top = Math.max(last_top, r.top);
            line = Math.min(line, r.height);
          });
          if (!(last_top - first_top > line / 2)) return;
          wrapped += 1;
          if (!first) first = plain(word + " in column " + (headings[i] ? headings[i].textContent : i));
        });
      });
    });
    body.setAttribute("data-pe-wrapped-cells", String(wrapped));
    body.setAttribute("data-pe-wrapped-cell", first);
  }
  // The rendered size of every figure's text: its font size times the scale from the SVG's units
  // to the page's px (the text's screen transform; 1 at the SVG's own size). Reading an SVG
  // <object>'s document from a file:// page needs --allow-file-access-from-files (check_layout.sh).
  function recordFigureText(body) {
    var figures = [], unread = 0, smallest = Infinity, smallestText = "";
    // A figure is one of the text's images (Doxygen's div.image), not an icon of the page.
    Array.prototype.forEach.call(document.querySelectorAll("div.image object[data$='.svg']"), function (obj) {
      if (obj.offsetParent === null) return;
      var doc = null;
      try { doc = obj.contentDocument; } catch (e) { doc = null; }
      figures.push(obj.getAttribute("data"));
      if (!doc || !doc.querySelector("svg")) { unread += 1; return; }
      Array.prototype.forEach.call(doc.querySelectorAll("text, tspan"), function (t) {
        var own = Array.prototype.some.call(t.childNodes, function (n) {
          return n.nodeType === 3 && n.textContent.trim();
        });
        var box = t.getBoundingClientRect();
        if (!own || box.width < 1 || box.height < 1) return;  // no text of its own, or not shown
        var m = t.getScreenCTM();
        var size = parseFloat(doc.defaultView.getComputedStyle(t).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
        if (size < smallest) { smallest = size; smallestText = plain(obj.getAttribute("data") + " " + t.textContent); }
      });
    });
    Array.prototype.forEach.call(document.querySelectorAll("div.image img[src$='.svg']"), function (img) {
      figures.push(img.getAttribute("src"));
      unread += 1;  // an <img> SVG's text cannot be read from the page
    });
    body.setAttribute("data-pe-figures", String(figures.length));
    body.setAttribute("data-pe-figures-unread", String(unread));
    body.setAttribute("data-pe-figure-text-min", smallest === Infinity ? "none" : smallest.toFixed(1));
    body.setAttribute("data-pe-figure-text-smallest", smallestText);
  }
  function recordBadges() {
    var marks = document.querySelectorAll("a.pe-badge, a.pe-standing");
    var hidden = 0, smallest = Infinity, smallestText = "", links = {};
    Array.prototype.forEach.call(marks, function (mark) {
      var box = mark.getBoundingClientRect(), style = getComputedStyle(mark);
      if (box.width < 1 || box.height < 1 || style.visibility === "hidden" || style.display === "none") hidden += 1;
      var px = parseFloat(style.fontSize);
      if (px < smallest) { smallest = px; smallestText = plain(mark.textContent); }
      links[mark.getAttribute("href")] = true;
    });
    document.body.setAttribute("data-pe-badges", String(marks.length));
    document.body.setAttribute("data-pe-badges-hidden", String(hidden));
    document.body.setAttribute("data-pe-badge-font-min", smallest === Infinity ? "none" : smallest.toFixed(1));
    document.body.setAttribute("data-pe-badge-smallest", smallestText);
    document.body.setAttribute("data-pe-badge-links", Object.keys(links).join(" "));
  }
  window.addEventListener("load", function () {
    if (window.MathJax && window.MathJax.Hub) {
      window.MathJax.Hub.Queue(function () { recordMath(); recordImages(); recordLayout(); recordMap(); recordBadges(); });
    } else {
      document.body.setAttribute("data-pe-mathjax", "absent");
      recordImages();
      recordLayout();
      recordMap();
      recordBadges();
    }
  });
})();
