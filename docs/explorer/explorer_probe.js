// Browser probe for the figure explorer page, used only by docs/check_explorer.sh: the script copies the
// shipped page into its output directory and adds this file after explorer.js, so the page readers
// get has no test code. The probe drives the controls as a reader would (sets a value and
// dispatches the input/change event), reads what the page then shows, and compares it with the
// payload, which it reads on its own (it searches the payload's tables by their columns rather
// than sharing any lookup with explorer.js). It writes one line per check into <pre id="probe-result">:
//   CHECK <name> PASS|FAIL <detail>
//   TIMING <control> updates=<count> max_ms=<x> median_ms=<y> p90_ms=<z>
//   DONE
// and every update's time into <pre id="probe-times"> ("<control> <value> <ms>" per line).
// Each update is timed with performance.now() from setting the value to the end of a forced
// layout; the times are logged, not asserted.
(function () {
  "use strict";
  var lines = [];
  var times = {};
  var log = []; // every update: "<control> <value> <ms>"

  function check(name, ok, detail) { lines.push("CHECK " + name + " " + (ok ? "PASS" : "FAIL") + " " + detail); }

  function timed(kind, action) {
    var t0 = performance.now();
    action();
    void document.body.offsetHeight; // force style and layout, so the time covers the re-render
    var dt = performance.now() - t0;
    (times[kind] = times[kind] || []).push(dt);
    return dt;
  }

  function setValue(id, value, eventName) {
    var el = document.getElementById(id);
    var dt = timed(id, function () {
      el.value = String(value);
      el.dispatchEvent(new Event(eventName || "input", { bubbles: true }));
    });
    log.push(id + " " + value + " " + dt.toFixed(2));
  }

  function setChecked(id, checked) {
    var el = document.getElementById(id);
    if (el.checked !== checked) el.click(); // a click toggles and fires change
  }

  function text(id) { return document.getElementById(id).textContent.trim(); }

  var payload = window.PE_FIGURE_PAYLOAD;
  var figs = payload.figures;

  // The payload's normalised inner product at (m, n), by searching the Gram table's columns.
  var gram = figs.clocks.tables.gram.columns;
  function expectedReadout(m, n) {
    for (var i = 0; i < gram.m.length; ++i)
      if (gram.m[i] === m && gram.n[i] === n) return gram.normalised[i];
    throw new Error("no Gram row for (" + m + ", " + n + ")");
  }
  // The readout shows four decimals: it matches when within half a unit of the fourth.
  function readoutMatches(m, n) {
    var expected = expectedReadout(m, n);
    var out = document.getElementById("readout");
    var shown = parseFloat(out.textContent);
    return { ok: Math.abs(shown - expected) <= 0.5e-4 && Number(out.getAttribute("data-value")) === expected,
             detail: "(m, n) = (" + m + ", " + n + "): shows " + out.textContent + " [" +
                     out.getAttribute("data-value") + "], payload " + expected };
  }

  function run() {
    void document.body.offsetHeight; // the page's first layout, so it is not counted as an update
    var grid = figs.clocks.parameters.grid;

    // 1. Moving m changes the readout to the payload's value for the pair.
    setChecked("lock-offset", false);
    setValue("slider-n", 10);
    var n = Number(document.getElementById("slider-n").value);
    var mismatches = [], changes = 0, previous = text("readout");
    for (var m = 0; m < grid; ++m) {
      setValue("slider-m", m);
      var r = readoutMatches(m, n);
      if (!r.ok) mismatches.push(r.detail);
      if (text("readout") !== previous) changes += 1;
      previous = text("readout");
    }
    check("readout_follows_m", mismatches.length === 0 && changes > 0,
          grid + " positions of m at n = " + n + ", readout changed " + changes + " times, " +
          mismatches.length + " mismatches" + (mismatches.length ? ": " + mismatches.slice(0, 3).join("; ") : ""));

    // The same for n, so neither slider is wired to the wrong column.
    setValue("slider-m", 3);
    mismatches = [];
    for (var nn = 0; nn < grid; ++nn) {
      setValue("slider-n", nn);
      var rn = readoutMatches(3, nn);
      if (!rn.ok) mismatches.push(rn.detail);
    }
    check("readout_follows_n", mismatches.length === 0,
          grid + " positions of n at m = 3, " + mismatches.length + " mismatches" +
          (mismatches.length ? ": " + mismatches.slice(0, 3).join("; ") : ""));

    // 2. With the offset locked, either slider moves both and the readout stays put.
    setValue("slider-m", 5);
    setValue("slider-n", 12);
    setChecked("lock-offset", true);
    var locked = text("readout");
    var offset = 7, moved = {}, handTurns = 0, broken = [];
    var hand = document.querySelector("#clocks-svg .hand-m");
    var targets = [];
    for (var t = 0; t < grid; t += 3) targets.push(["slider-m", t]);
    for (var u = grid - 1; u >= 0; u -= 5) targets.push(["slider-n", u]);
    targets.forEach(function (target) {
      var before = hand.getAttribute("x2") + "," + hand.getAttribute("y2");
      setValue(target[0], target[1]);
      var mm = Number(document.getElementById("slider-m").value);
      var nv = Number(document.getElementById("slider-n").value);
      moved[mm] = true;
      if (hand.getAttribute("x2") + "," + hand.getAttribute("y2") !== before) handTurns += 1;
      if (nv - mm !== offset) broken.push("offset became " + (nv - mm) + " after " + target[0] + " = " + target[1]);
      else if (text("readout") !== locked) broken.push("readout " + text("readout") + " at (" + mm + ", " + nv + ")");
      else if (!readoutMatches(mm, nv).ok) broken.push(readoutMatches(mm, nv).detail);
    });
    var positions = Object.keys(moved).length;
    check("lock_keeps_readout", broken.length === 0 && positions >= 10 && handTurns > 0,
          targets.length + " moves of m and n with n - m locked at " + offset + ": " + positions +
          " distinct positions, the hands turned " + handTurns + " times, readout stayed " + locked +
          (broken.length ? "; broken: " + broken.slice(0, 3).join("; ") : ""));
    setChecked("lock-offset", false);

    // 3. Selecting RoPE shows the rebound peak's offset from the payload.
    var op = figs.offsets.parameters;
    setValue("scheme", "sinusoidal", "change");
    var hiddenBefore = document.getElementById("rope-readouts").hidden;
    setValue("scheme", "rope", "change");
    var shownPeak = text("rope-peak-offset");
    var visible = !document.getElementById("rope-readouts").hidden &&
                  document.getElementById("rope-readouts").offsetHeight > 0;
    check("rope_peak_offset", hiddenBefore && visible && shownPeak === String(op.rope_peak),
          "RoPE readouts hidden for sinusoidal: " + hiddenBefore + ", shown for RoPE: " + visible +
          "; peak offset shown " + shownPeak + ", payload rope_peak " + op.rope_peak +
          " (score shown " + text("rope-peak-score") + ", payload " + op.rope_peak_score + ")");

    // Informational: where the payload's own score column peaks past the window.
    var sc = figs.offsets.tables.scores.columns, best = -Infinity, bestOffset = null;
    for (var i = 0; i < sc.offset.length; ++i)
      if (sc.offset[i] > op.edge_offset && sc.rope[i] !== null && sc.rope[i] > best) { best = sc.rope[i]; bestOffset = sc.offset[i]; }
    lines.push("NOTE the payload's rope score column peaks past the window at r = " + bestOffset + " (score " + best + ")");

    // Every scheme's accuracy row, highlighted when selected, equals the tournament's means.
    var acc = figs.tournament.tables.accuracy.columns, accBad = [];
    figs.offsets.texts.readers.forEach(function (reader) {
      setValue("scheme", reader, "change");
      var row = document.querySelector("#accuracy-table tr.selected");
      if (!row || row.getAttribute("data-reader") !== reader) { accBad.push(reader + ": not highlighted"); return; }
      acc.length.forEach(function (L, k) {
        var cell = row.querySelector('td[data-length="' + L + '"]');
        var want = acc[reader][k];
        var got = cell ? cell.getAttribute("data-value") : "missing";
        if (want === null ? got !== "null" : Number(got) !== want) accBad.push(reader + " at " + L + ": " + got + " vs " + want);
        // The article's value beside it, from the payload's article table.
        var wantArticle = figs.tournament.tables.article.columns[reader][k];
        var gotArticle = cell ? cell.getAttribute("data-article") : "missing";
        if (wantArticle === null ? gotArticle !== "null" : Number(gotArticle) !== wantArticle)
          accBad.push(reader + " at " + L + ": article " + gotArticle + " vs " + wantArticle);
      });
    });
    check("accuracy_rows", accBad.length === 0,
          figs.offsets.texts.readers.length + " schemes x " + acc.length.length + " lengths" +
          (accBad.length ? "; " + accBad.slice(0, 3).join("; ") : ""));

    // 4. The filing shows every position, and each reader's answer from the payload.
    var filing = figs.filing, rows = document.querySelectorAll(".filing-position");
    var count = filing.parameters.positions;
    check("filing_positions", rows.length === count && filing.tables.answers.rows === count &&
          filing.texts.tokens.length === count,
          rows.length + " positions shown; payload positions " + count + ", answers rows " +
          filing.tables.answers.rows + ", tokens " + filing.texts.tokens.length);

    var answers = filing.tables.answers.columns, readers = filing.texts.readers, wrong = [];
    for (var seed = 0; seed < filing.parameters.seeds; ++seed) {
      setValue("filing-seed", seed, "change");
      Array.prototype.forEach.call(rows, function (tr) {
        var pos = Number(tr.getAttribute("data-position"));
        var idx = answers.position.indexOf(pos);
        var cells = tr.querySelectorAll("td.answer");
        readers.forEach(function (reader, k) {
          var a = answers[reader + "_s" + seed][idx];
          var want = a >= 0 ? filing.texts.companies[a] : "";
          if (cells[k].textContent !== want) wrong.push("seed " + seed + " pos " + pos + " " + reader + ": '" + cells[k].textContent + "' vs '" + want + "'");
        });
      });
    }
    check("filing_answers", wrong.length === 0,
          filing.parameters.seeds + " seeds x " + rows.length + " positions x " + readers.length + " readers" +
          (wrong.length ? "; " + wrong.length + " wrong: " + wrong.slice(0, 3).join("; ") : ""));
  }

  try {
    run();
  } catch (e) {
    check("probe", false, "exception: " + e.message);
  }
  // Max, median and 90th percentile: on a loaded machine the max is mostly the scheduler.
  function summary(ts) {
    var sorted = ts.slice().sort(function (a, b) { return a - b; });
    var at = function (q) { return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2); };
    return "updates=" + ts.length + " max_ms=" + sorted[sorted.length - 1].toFixed(2) + " median_ms=" + at(0.5) +
           " p90_ms=" + at(0.9);
  }
  var all = [];
  Object.keys(times).forEach(function (kind) {
    all = all.concat(times[kind]);
    lines.push("TIMING " + kind + " " + summary(times[kind]));
  });
  lines.push("TIMING all " + (all.length ? summary(all) : "updates=0 max_ms=nan"));
  lines.push("DONE");
  var pre = document.createElement("pre");
  pre.id = "probe-result";
  pre.textContent = lines.join("\n");
  document.body.appendChild(pre);
  var times_pre = document.createElement("pre");
  times_pre.id = "probe-times";
  times_pre.textContent = log.join("\n");
  document.body.appendChild(times_pre);
})();
