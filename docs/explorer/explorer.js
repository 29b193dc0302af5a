// The figure explorer (explorer.html): Figure A (clocks, the kernel's ruler, drift) and Figure B (scores
// past the training window, accuracy, the wavelength census, a held-out filing), drawn in SVG
// from window.PE_FIGURE_PAYLOAD, which data/figure-payload.js sets to the figure payload that
// pe_docgen writes (docs/figures.hpp). Every number shown comes from the payload; the only
// arithmetic done here is drawing (hand angles m * omega_j, axis positions) and counting the
// filing's correct answers. Plain ES5-style JavaScript, no library, no network.
//
// The page's state can be given in the URL fragment, e.g. explorer.html#m=5&n=20&lock=1&scheme=rope&seed=1.
(function () {
  "use strict";

  var SVG_NS = "http://www.w3.org/2000/svg";

  // Display names of the payload's reader keys; an unknown key is shown as it is.
  var READER_LABELS = {
    none: "no position",
    sinusoidal: "sinusoidal",
    learned: "learned table",
    rope: "RoPE",
    alibi: "ALiBi",
    rope_pi: "RoPE + PI",
    rope_ntk: "RoPE + NTK-aware",
    rope_yarn: "RoPE + YaRN"
  };
  function readerLabel(key) { return READER_LABELS[key] || key; }

  // ---- small helpers ------------------------------------------------------------------------

  function $(id) { return document.getElementById(id); }

  function svgEl(name, attrs, parent) {
    var el = document.createElementNS(SVG_NS, name);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) el.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(el);
    return el;
  }

  function htmlEl(name, attrs, parent, text) {
    var el = document.createElement(name);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) el.setAttribute(k, attrs[k]);
    if (text !== undefined) el.textContent = text;
    if (parent) parent.appendChild(el);
    return el;
  }

  function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); }

  // A number for display: `digits` significant digits, exponent form when very large or small.
  function fmt(v, digits) {
    if (v === null || v === undefined || !isFinite(v)) return "\u2014";
    if (v === 0) return "0";
    var a = Math.abs(v);
    if (a >= 1e5 || a < 1e-3) return v.toExponential(Math.max(0, (digits || 4) - 1));
    return String(Number(v.toPrecision(digits || 4)));
  }

  // The clocks readout: a fixed four decimals, so the lock's invariance is visible digit by digit.
  function fmtReadout(v) { return v.toFixed(4); }

  function status(message, isError) {
    var el = $("explorer-status");
    el.textContent = message;
    el.className = "explorer-status" + (isError ? " explorer-error" : "");
  }

  function figure(payload, name) {
    var f = payload.figures && payload.figures[name];
    return f || null;
  }

  function table(fig, name) {
    var t = fig && fig.tables && fig.tables[name];
    return t || null;
  }

  function column(tab, name) {
    if (!tab || !tab.columns || !(name in tab.columns)) throw new Error("payload: no column '" + name + "'");
    return tab.columns[name];
  }

  function text(fig, name) {
    var t = fig.texts && fig.texts[name];
    if (!t) throw new Error("payload: figure has no texts '" + name + "'");
    return t;
  }

  function missing(panelChildId, name) {
    var host = $(panelChildId).parentNode;
    htmlEl("p", { "class": "explorer-error" }, host,
           "The payload has no figure '" + name + "': this build's pe_docgen does not write it.");
  }

  // The URL fragment's key=value pairs.
  function fragmentState() {
    var state = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (pair) {
      var kv = pair.split("=");
      if (kv[0]) state[decodeURIComponent(kv[0])] = decodeURIComponent(kv[1] || "");
    });
    return state;
  }
  var urlState = fragmentState();
  var pageState = {};
  function remember(key, value) {
    pageState[key] = value;
    var parts = [];
    for (var k in pageState) if (Object.prototype.hasOwnProperty.call(pageState, k))
      parts.push(encodeURIComponent(k) + "=" + encodeURIComponent(pageState[k]));
    try { history.replaceState(null, "", "#" + parts.join("&")); } catch (e) { /* file:// quirks */ }
  }

  // ---- a minimal 2-D plot in SVG -----------------------------------------------------------

  function niceStep(span, count) {
    var raw = span / Math.max(1, count);
    var mag = Math.pow(10, Math.floor(Math.log(raw) / Math.LN10));
    var norm = raw / mag;
    return (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag;
  }

  function extent(arrays) {
    var lo = Infinity, hi = -Infinity;
    arrays.forEach(function (a) {
      for (var i = 0; i < a.length; ++i) {
        var v = a[i];
        if (v === null || !isFinite(v)) continue;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    });
    if (lo === Infinity) return [0, 1];
    if (lo === hi) { lo -= 1; hi += 1; }
    return [lo, hi];
  }

  // opts: width, height, x: [lo, hi], y: [lo, hi], xlog, ylog, xlabel, ylabel, ypad
  function Plot(svg, opts) {
    clear(svg);
    this.svg = svg;
    this.w = opts.width || 940;
    this.h = opts.height || 300;
    this.m = { left: 62, right: 150, top: 14, bottom: 44 };
    svg.setAttribute("viewBox", "0 0 " + this.w + " " + this.h);
    svg.setAttribute("width", this.w);
    svg.setAttribute("height", this.h);
    this.xlog = !!opts.xlog;
    this.ylog = !!opts.ylog;
    var y = opts.y.slice();
    if (!this.ylog) {
      var pad = (y[1] - y[0]) * (opts.ypad === undefined ? 0.06 : opts.ypad);
      y = [y[0] - pad, y[1] + pad];
    }
    this.xd = opts.x;
    this.yd = y;
    this.plotW = this.w - this.m.left - this.m.right;
    this.plotH = this.h - this.m.top - this.m.bottom;
    this.axes(opts);
    this.layer = svgEl("g", {}, svg);
    this.legendY = this.m.top + 4;
  }

  Plot.prototype.tx = function (v) { return this.xlog ? Math.log(v) : v; };
  Plot.prototype.ty = function (v) { return this.ylog ? Math.log(v) : v; };
  Plot.prototype.x = function (v) {
    var a = this.tx(this.xd[0]), b = this.tx(this.xd[1]);
    return this.m.left + (this.tx(v) - a) / (b - a) * this.plotW;
  };
  Plot.prototype.y = function (v) {
    var a = this.ty(this.yd[0]), b = this.ty(this.yd[1]);
    return this.m.top + this.plotH - (this.ty(v) - a) / (b - a) * this.plotH;
  };

  function ticks(domain, log, count) {
    var out = [];
    if (log) {
      var lo = Math.floor(Math.log(domain[0]) / Math.LN10), hi = Math.ceil(Math.log(domain[1]) / Math.LN10);
      for (var e = lo; e <= hi; ++e) {
        var v = Math.pow(10, e);
        if (v >= domain[0] * 0.999 && v <= domain[1] * 1.001) out.push(v);
      }
      return out;
    }
    var step = niceStep(domain[1] - domain[0], count);
    for (var t = Math.ceil(domain[0] / step) * step; t <= domain[1] + step * 1e-9; t += step)
      out.push(Math.abs(t) < step * 1e-9 ? 0 : t);
    return out;
  }

  function tickLabel(v, log) {
    if (log) return v >= 1e4 || v < 1e-2 ? "1e" + Math.round(Math.log(v) / Math.LN10) : String(v);
    return String(Number(v.toPrecision(6)));
  }

  Plot.prototype.axes = function (opts) {
    var g = svgEl("g", { "class": "axes" }, this.svg);
    var x0 = this.m.left, x1 = this.m.left + this.plotW, y0 = this.m.top, y1 = this.m.top + this.plotH;
    svgEl("rect", { x: x0, y: y0, width: this.plotW, height: this.plotH, "class": "plot-frame" }, g);
    var self = this;
    ticks(this.xd, this.xlog, 8).forEach(function (t) {
      var px = self.x(t);
      svgEl("line", { x1: px, x2: px, y1: y0, y2: y1, "class": "grid" }, g);
      svgEl("text", { x: px, y: y1 + 16, "class": "tick", "text-anchor": "middle" }, g).textContent = tickLabel(t, self.xlog);
    });
    ticks(this.yd, this.ylog, 6).forEach(function (t) {
      var py = self.y(t);
      svgEl("line", { x1: x0, x2: x1, y1: py, y2: py, "class": t === 0 && !self.ylog ? "grid zero" : "grid" }, g);
      svgEl("text", { x: x0 - 6, y: py + 4, "class": "tick", "text-anchor": "end" }, g).textContent = tickLabel(t, self.ylog);
    });
    if (opts.xlabel)
      svgEl("text", { x: (x0 + x1) / 2, y: this.h - 6, "class": "axis-label", "text-anchor": "middle" }, g).textContent = opts.xlabel;
    if (opts.ylabel)
      svgEl("text", { x: 14, y: (y0 + y1) / 2, "class": "axis-label", "text-anchor": "middle",
                      transform: "rotate(-90 14 " + (y0 + y1) / 2 + ")" }, g).textContent = opts.ylabel;
  };

  // A polyline through (xs[i], ys[i]); a null y breaks the line.
  Plot.prototype.line = function (xs, ys, cls, label) {
    var d = "", pen = false;
    for (var i = 0; i < xs.length; ++i) {
      var v = ys[i];
      if (v === null || !isFinite(v) || (this.xlog && xs[i] <= 0) || (this.ylog && v <= 0)) { pen = false; continue; }
      d += (pen ? "L" : "M") + this.x(xs[i]).toFixed(1) + "," + this.y(v).toFixed(1);
      pen = true;
    }
    var path = svgEl("path", { d: d, "class": "series " + cls }, this.layer);
    if (label) this.legend(cls, label);
    return path;
  };

  Plot.prototype.legend = function (cls, label) {
    var lx = this.m.left + this.plotW + 12;
    svgEl("line", { x1: lx, x2: lx + 20, y1: this.legendY, y2: this.legendY, "class": "series " + cls }, this.svg);
    svgEl("text", { x: lx + 26, y: this.legendY + 4, "class": "legend" }, this.svg).textContent = label;
    this.legendY += 18;
  };

  // A vertical marker; `row` moves its label down by that many lines, so neighbours do not overlap.
  Plot.prototype.vline = function (xv, cls, label, row) {
    var px = this.x(xv);
    var g = svgEl("g", { "class": cls }, this.layer);
    svgEl("line", { x1: px, x2: px, y1: this.m.top, y2: this.m.top + this.plotH }, g);
    if (label) svgEl("text", { x: px + 4, y: this.m.top + 12 + 14 * (row || 0), "class": "marker-label" }, g).textContent = label;
    return g;
  };

  Plot.prototype.hline = function (yv, cls, label) {
    var py = this.y(yv);
    var g = svgEl("g", { "class": cls }, this.layer);
    svgEl("line", { x1: this.m.left, x2: this.m.left + this.plotW, y1: py, y2: py }, g);
    if (label) svgEl("text", { x: this.m.left + this.plotW - 4, y: py - 4, "class": "marker-label", "text-anchor": "end" }, g).textContent = label;
    return g;
  };

  Plot.prototype.shadeRight = function (xv, cls) {
    var px = this.x(xv);
    return svgEl("rect", { x: px, y: this.m.top, width: Math.max(0, this.m.left + this.plotW - px), height: this.plotH, "class": cls }, this.layer);
  };

  Plot.prototype.dot = function (xv, yv, cls, label) {
    var g = svgEl("g", { "class": cls }, this.layer);
    svgEl("circle", { cx: this.x(xv), cy: this.y(yv), r: 4.5 }, g);
    if (label) svgEl("text", { x: this.x(xv) + 7, y: this.y(yv) - 7, "class": "marker-label" }, g).textContent = label;
    return g;
  };

  // ---- Figure A: clocks --------------------------------------------------------------------

  function setupClocks(payload) {
    var fig = figure(payload, "clocks");
    if (!fig) { missing("clocks-svg", "clocks"); return; }
    var p = fig.parameters;
    var grid = p.grid, d = p.d;
    var hands = table(fig, "hands"), gram = table(fig, "gram");
    var omega = column(hands, "omega");
    var plane = column(hands, "plane");

    // The readout comes from the payload's Gram table, looked up by its (m, n) columns.
    var gm = column(gram, "m"), gn = column(gram, "n"), gz = column(gram, "normalised");
    var normalised = {};
    for (var i = 0; i < gram.rows; ++i) normalised[gm[i] + "," + gn[i]] = gz[i];

    $("clocks-caption").textContent = "The sinusoidal code p(m) in d = " + d + " (base " + fmt(p.base) +
      ") is d/2 = " + omega.length + " clock hands; plane j's hand stands at angle m\u00b7\u03c9_j. " +
      "Positions run over 0.." + (grid - 1) + ", the payload's Gram grid.";

    var sm = $("slider-m"), sn = $("slider-n"), lock = $("lock-offset");
    [sm, sn].forEach(function (s) { s.min = 0; s.max = grid - 1; });
    function clampPos(v) { v = Math.round(Number(v)); return isFinite(v) ? Math.min(grid - 1, Math.max(0, v)) : 0; }
    sm.value = clampPos("m" in urlState ? urlState.m : p.m);
    sn.value = clampPos("n" in urlState ? urlState.n : p.n);
    lock.checked = urlState.lock === "1";

    // The dials: built once; an update moves only the hands.
    var svg = $("clocks-svg");
    clear(svg);
    var count = omega.length, perRow = Math.min(count, 8), rowsN = Math.ceil(count / perRow);
    var r = 38, cell = 2 * r + 24, w = perRow * cell + 10, h = rowsN * (cell + 22) + 4;
    svg.setAttribute("viewBox", "0 0 " + w + " " + h);
    svg.setAttribute("width", w);
    svg.setAttribute("height", h);
    var handM = [], handN = [], centres = [];
    for (var j = 0; j < count; ++j) {
      var cx = 5 + (j % perRow) * cell + cell / 2, cy = 4 + Math.floor(j / perRow) * (cell + 22) + cell / 2;
      centres.push([cx, cy]);
      var g = svgEl("g", { "class": "dial" }, svg);
      svgEl("circle", { cx: cx, cy: cy, r: r, "class": "dial-face" }, g);
      svgEl("line", { x1: cx + r - 6, x2: cx + r, y1: cy, y2: cy, "class": "dial-tick" }, g);
      handM.push(svgEl("line", { x1: cx, y1: cy, "class": "hand hand-m" }, g));
      handN.push(svgEl("line", { x1: cx, y1: cy, "class": "hand hand-n" }, g));
      svgEl("circle", { cx: cx, cy: cy, r: 2.5, "class": "dial-pin" }, g);
      svgEl("text", { x: cx, y: cy + r + 16, "class": "dial-label", "text-anchor": "middle" }, g)
        .textContent = "j=" + plane[j] + "  \u03c9=" + fmt(omega[j], 3);
    }

    var kernelMarker = null; // set by the ruler view

    function render() {
      var m = Number(sm.value), n = Number(sn.value);
      for (var j = 0; j < count; ++j) {
        var c = centres[j];
        var am = m * omega[j], an = n * omega[j];
        handM[j].setAttribute("x2", (c[0] + (r - 4) * Math.cos(am)).toFixed(2));
        handM[j].setAttribute("y2", (c[1] - (r - 4) * Math.sin(am)).toFixed(2));
        handN[j].setAttribute("x2", (c[0] + (r - 10) * Math.cos(an)).toFixed(2));
        handN[j].setAttribute("y2", (c[1] - (r - 10) * Math.sin(an)).toFixed(2));
      }
      $("value-m").textContent = m;
      $("value-n").textContent = n;
      $("value-offset").textContent = "n \u2212 m = " + (n - m);
      var key = m + "," + n;
      var out = $("readout");
      if (key in normalised) {
        out.textContent = fmtReadout(normalised[key]);
        out.setAttribute("data-value", String(normalised[key]));
        out.setAttribute("data-m", m);
        out.setAttribute("data-n", n);
        $("readout-note").textContent = "(the payload's Gram table at m = " + m + ", n = " + n + ")";
      } else {
        out.textContent = "\u2014";
        out.removeAttribute("data-value");
        $("readout-note").textContent = "(no Gram entry for this pair in the payload)";
      }
      if (kernelMarker) kernelMarker(Math.abs(n - m));
    }

    // With the offset locked, moving one slider moves the other by the same amount; a slider is
    // held where the other would leave 0..grid-1.
    function onMove(moved, other, sign) {
      return function () {
        if (lock.checked) {
          var offset = Number(lock.getAttribute("data-offset")) * sign; // other - moved
          var lo = Math.max(0, -offset), hi = Math.min(grid - 1, grid - 1 - offset);
          var v = Math.min(hi, Math.max(lo, Number(moved.value)));
          moved.value = v;
          other.value = v + offset;
        }
        render();
        remember("m", sm.value); remember("n", sn.value);
      };
    }
    sm.addEventListener("input", onMove(sm, sn, 1));
    sn.addEventListener("input", onMove(sn, sm, -1));
    sm.addEventListener("change", onMove(sm, sn, 1));
    sn.addEventListener("change", onMove(sn, sm, -1));
    function onLock() {
      lock.setAttribute("data-offset", String(Number(sn.value) - Number(sm.value)));
      remember("lock", lock.checked ? "1" : "0");
    }
    lock.addEventListener("change", onLock);
    onLock();
    render();

    return {
      render: render,
      setKernelMarker: function (f) { kernelMarker = f; render(); }
    };
  }

  // ---- Figure A: the ruler -----------------------------------------------------------------

  function setupKernel(payload, clocks) {
    var fig = figure(payload, "kernel");
    if (!fig) { missing("kernel-svg", "kernel"); return; }
    var curves = table(fig, "curves");
    var delta = column(curves, "delta");
    var dims = Object.keys(curves.columns).filter(function (c) { return /^d\d+$/.test(c); });
    var limit = column(curves, "limit"), ruler = column(curves, "ruler");
    $("kernel-caption").textContent = "(2/d)\u00b7\u03ba_d(\u0394) at d = " +
      dims.map(function (c) { return c.slice(1); }).join(", ") + " for \u0394 = " + delta[0] + ".." +
      fmt(fig.parameters.max_delta) + " (log scale), beside its d \u2192 \u221e limit and the ruler " +
      "1 \u2212 (\u03b3 + ln \u0394)/ln b, b = " + fmt(fig.parameters.base) +
      ". The dotted line is the clocks' current |n \u2212 m|.";
    var ys = dims.map(function (c) { return column(curves, c); });
    var plot = new Plot($("kernel-svg"), {
      x: [delta[0], delta[delta.length - 1]], y: extent(ys.concat([limit, ruler])), xlog: true,
      xlabel: "offset \u0394", ylabel: "normalised kernel"
    });
    dims.forEach(function (c, i) { plot.line(delta, ys[i], "k" + i, "d = " + c.slice(1)); });
    plot.line(delta, limit, "limit", "limit I_b(\u0394)");
    plot.line(delta, ruler, "ruler", "ruler");
    var marker = null;
    if (clocks) clocks.setKernelMarker(function (offset) {
      if (marker) marker.parentNode.removeChild(marker);
      marker = offset >= delta[0] ? plot.vline(offset, "current-offset", "|n\u2212m| = " + offset) : null;
    });
  }

  // ---- Figure A: drift ---------------------------------------------------------------------

  function setupDrift(payload) {
    var fig = figure(payload, "drift");
    if (!fig) { missing("drift-svg", "drift"); return; }
    var p = fig.parameters, scores = table(fig, "scores");
    var q = column(scores, "query_position");
    var names = Object.keys(scores.columns).filter(function (c) { return c !== "query_position"; });
    $("drift-caption").textContent = "Pre-softmax score of the query against the average marked " +
      "token r = " + p.offset + " positions back, as the query's absolute position moves (heads " +
      "trained on windows of " + p.window + ", seed " + p.seed + "). An absolute code's score " +
      "drifts; a relative scheme's stays flat.";
    var ys = names.map(function (c) { return column(scores, c); });
    var plot = new Plot($("drift-svg"), {
      x: [q[0], q[q.length - 1]], y: extent(ys), xlabel: "query position", ylabel: "score"
    });
    if (p.window >= q[0] && p.window <= q[q.length - 1]) plot.vline(p.window, "window-edge", "window " + p.window);
    names.forEach(function (c, i) { plot.line(q, ys[i], "r-" + c, readerLabel(c)); });
  }

  // ---- Figure B: scheme selector, scores, accuracy ----------------------------------------

  function setupSchemes(payload) {
    var fig = figure(payload, "offsets");
    if (!fig) { missing("offsets-svg", "offsets"); return; }
    var p = fig.parameters, scores = table(fig, "scores");
    var readers = text(fig, "readers");
    var offset = column(scores, "offset");
    var select = $("scheme");
    clear(select);
    readers.forEach(function (r) { htmlEl("option", { value: r }, select, readerLabel(r)); });
    select.value = readers.indexOf(urlState.scheme) >= 0 ? urlState.scheme : readers[0];
    var tour = figure(payload, "tournament");

    // The accuracy table: every reader, the selected one highlighted.
    var accRows = {};
    if (tour) {
      var acc = table(tour, "accuracy"), seedAcc = table(tour, "seed_accuracy"), printed = table(tour, "article");
      var lengths = column(acc, "length");
      $("accuracy-note").textContent = "(mean over " + tour.parameters.seeds + " seeds, " +
        fmt(tour.parameters.test_sequences) + " test sequences; trained at " + tour.parameters.window +
        "; the article's value in brackets; hover a cell for each seed)";
      var tab = $("accuracy-table");
      clear(tab);
      var head = htmlEl("tr", {}, htmlEl("thead", {}, tab));
      htmlEl("th", {}, head, "reader \\ length");
      lengths.forEach(function (L) { htmlEl("th", {}, head, String(L)); });
      var body = htmlEl("tbody", {}, tab);
      text(tour, "readers").forEach(function (r) {
        var tr = htmlEl("tr", { "data-reader": r }, body);
        htmlEl("th", {}, tr, readerLabel(r));
        var values = column(acc, r), article = column(printed, r);
        lengths.forEach(function (L, i) {
          var shown = values[i] === null ? "\u2014" : values[i].toFixed(3);
          if (article[i] !== null) shown += " (" + article[i].toFixed(3) + ")";
          var td = htmlEl("td", { "data-length": L }, tr, shown);
          td.setAttribute("data-value", values[i] === null ? "null" : String(values[i]));
          td.setAttribute("data-article", article[i] === null ? "null" : String(article[i]));
          if (values[i] === null) td.className = "na";
          var perSeed = [];
          var sl = column(seedAcc, "length"), ss = column(seedAcc, "seed"), sv = column(seedAcc, r);
          for (var k = 0; k < seedAcc.rows; ++k)
            if (sl[k] === L) perSeed.push("seed " + ss[k] + ": " + (sv[k] === null ? "\u2014" : sv[k].toFixed(3)));
          td.title = perSeed.join(", ");
        });
        accRows[r] = tr;
      });
    } else {
      missing("accuracy-table", "tournament");
    }

    function render() {
      var r = select.value;
      var ys = column(scores, r);
      var lastValue = -1;
      for (var i = 0; i < ys.length; ++i) if (ys[i] !== null) lastValue = i;
      var queryAt = r === "learned" && "learned_query_position" in p ? p.learned_query_position : p.query_position;
      $("offsets-caption").textContent = readerLabel(r) + ": the trained head's score of the query at " +
        "position " + queryAt + " against the token r positions back (seed " + p.seed +
        "). Training saw offsets up to " + p.edge_offset + " (window " + p.window + "); the shaded " +
        "part lies past the window." +
        (lastValue < ys.length - 1 ? " No value past r = " + offset[lastValue] + ": this reader cannot read there." : "");
      var plot = new Plot($("offsets-svg"), {
        x: [offset[0], offset[offset.length - 1]], y: extent([ys]), xlabel: "offset r", ylabel: "score"
      });
      plot.shadeRight(p.edge_offset, "past-window");
      plot.vline(p.edge_offset, "window-edge", "edge r = " + p.edge_offset);
      plot.line(offset, ys, "selected", readerLabel(r));
      var isRope = r === "rope";
      $("rope-readouts").hidden = !isRope;
      if (isRope) {
        // The landmarks the payload names (an offset of -1 means the profile has none).
        if (p.rope_first_trough >= 0) plot.vline(p.rope_first_trough, "trough", "first trough r = " + p.rope_first_trough, 1);
        if (p.rope_dive >= 0 && "rope_dive_score" in p) plot.dot(p.rope_dive, p.rope_dive_score, "dive", "dive r = " + p.rope_dive);
        if (p.rope_rebound_peak >= 0 && p.rope_rebound_peak !== p.rope_peak && "rope_rebound_score" in p)
          plot.dot(p.rope_rebound_peak, p.rope_rebound_score, "rebound", "rebound r = " + p.rope_rebound_peak);
        plot.dot(p.rope_peak, p.rope_peak_score, "peak", "highest past the window, r = " + p.rope_peak);
        $("rope-score-r1").textContent = fmt(p.rope_score_r1, 4);
        $("rope-edge-offset").textContent = p.edge_offset;
        $("rope-score-edge").textContent = fmt(p.rope_score_edge, 4);
        $("rope-peak-score").textContent = fmt(p.rope_peak_score, 4);
        $("rope-peak-offset").textContent = p.rope_peak;
      }
      for (var k in accRows) if (Object.prototype.hasOwnProperty.call(accRows, k))
        accRows[k].className = k === r ? "selected" : "";
      remember("scheme", r);
    }
    select.addEventListener("change", render);
    select.addEventListener("input", render);
    render();
  }

  // ---- Figure B: census ----------------------------------------------------------------------

  function setupCensus(payload) {
    var fig = figure(payload, "census");
    if (!fig) { missing("census-svg", "census"); return; }
    var p = fig.parameters, planes = table(fig, "planes");
    var plane = column(planes, "plane"), wave = column(planes, "wavelength"), turns = column(planes, "turns");
    var read = p.kappa * p.training_length;
    $("census-caption").textContent = "A RoPE head of width d = " + p.d + " (base " + fmt(p.base) +
      ") trained on windows of L = " + p.training_length + " and read \u03ba = " + p.kappa +
      " times longer (" + read + "). Each bar is plane j's wavelength 2\u03c0/\u03b8_j (log scale); a " +
      "dark bar is a plane that makes at least one full turn over the training offsets 0..L\u22121.";
    var lo = Math.min(p.training_length, read), hi = Math.max(p.training_length, read);
    wave.forEach(function (v) { if (v < lo) lo = v; if (v > hi) hi = v; });
    var plot = new Plot($("census-svg"), {
      height: 280, x: [plane[0] - 0.6, plane[plane.length - 1] + 0.6], y: [lo / 1.5, hi * 1.5], ylog: true,
      xlabel: "plane j", ylabel: "wavelength (positions)"
    });
    var bw = Math.min(36, plot.plotW / plane.length * 0.6);
    for (var i = 0; i < plane.length; ++i) {
      var x = plot.x(plane[i]), y = plot.y(wave[i]), y0 = plot.y(plot.yd[0]);
      svgEl("rect", { x: x - bw / 2, y: y, width: bw, height: Math.max(0, y0 - y),
                      "class": turns[i] >= 1 ? "bar turned" : "bar partial" }, plot.layer)
        .appendChild(svgEl("title", {})).textContent = "plane " + plane[i] + ": wavelength " + fmt(wave[i]) + ", " + fmt(turns[i], 3) + " turns";
    }
    plot.hline(p.training_length, "window-line", "training window L = " + p.training_length);
    plot.hline(read, "read-line", "read length \u03baL = " + read);
    plot.legend("bar-key turned", "\u2265 1 turn within L");
    plot.legend("bar-key partial", "< 1 turn within L");

    var tab = $("census-table");
    clear(tab);
    var cols = [["plane", "plane j", 0], ["theta", "\u03b8_j", 4], ["wavelength", "wavelength", 4],
                ["turns", "turns over 0..L\u22121", 3], ["factor_pi", "PI factor", 3],
                ["factor_ntk", "NTK factor", 3], ["factor_yarn", "YaRN factor", 3]];
    var head = htmlEl("tr", {}, htmlEl("thead", {}, tab));
    cols.forEach(function (c) { htmlEl("th", {}, head, c[1]); });
    var body = htmlEl("tbody", {}, tab);
    for (var r = 0; r < planes.rows; ++r) {
      var tr = htmlEl("tr", {}, body);
      cols.forEach(function (c) {
        var v = column(planes, c[0])[r];
        htmlEl("td", {}, tr, c[2] ? fmt(v, c[2]) : String(v));
      });
    }
    htmlEl("caption", {}, tab, "Each rescaling's per-plane factor: the plane's new frequency over \u03b8_j.");
  }

  // ---- Figure B: the filing ----------------------------------------------------------------

  function setupFiling(payload) {
    var fig = figure(payload, "filing");
    if (!fig) { missing("filing-table", "filing"); return; }
    var p = fig.parameters, answers = table(fig, "answers");
    var tokens = text(fig, "tokens"), companies = text(fig, "companies"), readers = text(fig, "readers");
    var titleText = fig.texts.title ? [].concat(fig.texts.title).join(" ") : "";
    var position = column(answers, "position"), mention = column(answers, "mention"), truth = column(answers, "truth");
    $("filing-caption").textContent = (titleText ? titleText + ". " : "") + answers.rows +
      " positions; at each, the question is which company was named last. Heads trained on windows of " +
      p.window + "; a mention token is tinted with its company's colour; an answer is green when right, " +
      "red when wrong, blank where there is no question.";

    var seedSelect = $("filing-seed");
    clear(seedSelect);
    for (var s = 0; s < p.seeds; ++s) htmlEl("option", { value: s }, seedSelect, String(s));
    var wanted = Number(urlState.seed);
    seedSelect.value = wanted >= 0 && wanted < p.seeds ? String(wanted) : "0";

    function companyName(i) { return i >= 0 && i < companies.length ? companies[i] : (i < 0 ? "" : "#" + i); }
    function companyClass(i) { return "co co" + (i % 8); }

    var tab = $("filing-table");
    clear(tab);
    var head = htmlEl("tr", {}, htmlEl("thead", {}, tab));
    ["pos", "token", "truth"].forEach(function (h) { htmlEl("th", {}, head, h); });
    readers.forEach(function (r) { htmlEl("th", {}, head, readerLabel(r)); });
    var body = htmlEl("tbody", {}, tab);
    var cells = readers.map(function () { return []; });
    for (var i = 0; i < answers.rows; ++i) {
      var tr = htmlEl("tr", { "class": "filing-position", "data-position": position[i] }, body);
      htmlEl("td", { "class": "num" }, tr, String(position[i]));
      var tok = htmlEl("td", { "class": "token" }, tr, tokens[i]);
      if (mention[i] >= 0) { tok.className = "token mention " + companyClass(mention[i]); tok.title = companyName(mention[i]); }
      var t = htmlEl("td", { "class": "truth" }, tr, companyName(truth[i]));
      if (truth[i] >= 0) t.className = "truth " + companyClass(truth[i]);
      for (var k = 0; k < readers.length; ++k) cells[k].push(htmlEl("td", { "class": "answer" }, tr));
    }
    var foot = htmlEl("tr", {}, htmlEl("tfoot", {}, tab));
    htmlEl("th", { colspan: 3 }, foot, "correct / questions");
    var totals = readers.map(function () { return htmlEl("td", { "class": "total" }, foot); });
    var shown = readers.map(function () { return []; }); // the answer each cell shows

    function render() {
      var seed = seedSelect.value;
      var summary = [];
      readers.forEach(function (r, k) {
        var col = column(answers, r + "_s" + seed);
        var right = 0, asked = 0;
        for (var i = 0; i < col.length; ++i) {
          var answer = col[i] === null ? -1 : col[i];
          if (answer >= 0) {
            asked += 1;
            if (answer === truth[i]) right += 1;
          }
          // Only cells whose answer differs from the shown one are touched: seeds mostly agree.
          var td = cells[k][i];
          if (shown[k][i] === answer) continue;
          shown[k][i] = answer;
          if (answer < 0) { td.textContent = ""; td.className = "answer"; td.title = ""; continue; }
          td.textContent = companyName(answer);
          td.className = "answer " + (answer === truth[i] ? "right" : "wrong");
          td.title = readerLabel(r) + " answers " + companyName(answer);
        }
        totals[k].textContent = right + " / " + asked;
        summary.push(readerLabel(r) + " " + right + "/" + asked);
      });
      $("filing-summary").textContent = "seed " + seed + ": " + summary.join(", ");
      remember("seed", seed);
    }
    seedSelect.addEventListener("change", render);
    render();
  }

  // ---- start ---------------------------------------------------------------------------------

  var payload = window.PE_FIGURE_PAYLOAD;
  if (!payload || !payload.figures) {
    status("The figure payload did not load (data/figure-payload.js is missing or empty): " +
           "build the documentation with `cmake --build --preset docs`.", true);
    return;
  }
  status("Payload: " + payload.schema + ", version " + payload.version + "; figures " +
         Object.keys(payload.figures).join(", ") + ".");
  var steps = [
    ["clocks", function () { return setupClocks(payload); }],
    ["kernel", function (clocks) { setupKernel(payload, clocks); }],
    ["drift", function () { setupDrift(payload); }],
    ["offsets", function () { setupSchemes(payload); }],
    ["census", function () { setupCensus(payload); }],
    ["filing", function () { setupFiling(payload); }]
  ];
  var clocks = null, errors = [];
  steps.forEach(function (step) {
    try {
      var result = step[1](clocks);
      if (step[0] === "clocks") clocks = result || null;
    } catch (e) {
      errors.push(step[0] + ": " + e.message);
    }
  });
  if (errors.length) status("Some figures could not be drawn: " + errors.join("; "), true);
  document.body.setAttribute("data-explorer-ready", errors.length ? "errors" : "yes");
})();
