// One headless Chromium for the browser checks (issue 42): the checks (check_rendering.sh,
// check_layout.sh, check_map.sh, check_explorer.sh) list their pages and widths in a job file, and this
// driver opens them in one browser over the DevTools protocol on a pipe (--remote-debugging-pipe:
// requests on fd 3, answers on fd 4, each a JSON text ended by a NUL), a few pages at a time: one
// tab per core, each of its own browser context, so each lane's pages run in a renderer of their
// own, one after the other.
//
// The browser is either the check's own (started for its job file and closed after it) or shared
// by every check of a ctest run: `--serve` starts one browser that takes job files over a Unix
// socket until `--stop` (docs/browser_fixture.sh, a CTest fixture, starts and stops it); the
// pages of checks running side by side then share the same lanes, first come first served.
//
// Each page is loaded as `chromium --headless --virtual-time-budget=10000 --window-size=W,H`
// loaded it: virtual time pauses while files are still loading, then runs scripts' timers
// without waiting for the clock, and the page counts as ready when 10000 virtual ms have passed
// (Emulation.virtualTimeBudgetExpired), so MathJax and the probes have finished. Then the DOM is
// written as --dump-dom wrote it (doctype and document.documentElement.outerHTML) and/or a PNG of
// the window as --screenshot took it (scrollbars hidden, as --hide-scrollbars hid them).
//
// usage: node browser_session.js CHROMIUM JOBS           the check's own browser for JOBS
//        node browser_session.js --serve CHROMIUM SOCKET  a shared browser, listening on SOCKET
//        node browser_session.js --connect SOCKET JOBS    JOBS in the shared browser
//        node browser_session.js --ping SOCKET            wait until the shared browser is up
//        node browser_session.js --stop SOCKET            close the shared browser
//   JOBS: one page a line, "WIDTH HEIGHT DOM_OUT PNG_OUT URL" separated by tabs ("-" for an
//   output not wanted; headless_chromium.sh's browser_job writes them).
//   A page that fails (crash, no answer in 120 s) gets no output, and the check reading it fails.
// Prints one line per page and one for the session, each starting "session:".
// exit: 0 the browser ran every page (a page may still have failed); 1 the browser did not start
//       or went away; 2 (--connect, --ping, --stop) no shared browser answers at SOCKET.
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const net = require("net");
const os = require("os");
const path = require("path");

// Pages open at once: one per core, so two pages' scripts run side by side on two cores.
const lanes = Math.max(1, Number(process.env.PE_BROWSER_LANES) || os.cpus().length);
// As the one-page runs had it: --virtual-time-budget=10000, and `timeout 120`.
const virtualBudgetMs = 10000;
const pageTimeoutMs = 120000;
// A shared browser whose ctest run was interrupted before its cleanup closes itself after this
// long without a check connected (the longest wait between two checks of a run is a few seconds).
const idleMs = 1000 * (Number(process.env.PE_BROWSER_IDLE_SECONDS) || 600);

function usage() {
  console.error("usage: node browser_session.js CHROMIUM JOBS\n" +
                "       node browser_session.js --serve CHROMIUM SOCKET\n" +
                "       node browser_session.js --connect SOCKET JOBS\n" +
                "       node browser_session.js --ping SOCKET\n" +
                "       node browser_session.js --stop SOCKET");
  process.exit(1);
}

function readJobs(jobsFile) {
  return fs.readFileSync(jobsFile, "utf8").split("\n").filter((l) => l.trim()).map((line) => {
    const [width, height, dom, png, url] = line.split("\t");
    return { width: Number(width), height: Number(height), dom: dom === "-" ? null : dom,
             png: png === "-" ? null : png, url };
  });
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms); }),
  ]).finally(() => clearTimeout(timer));
}

// ---- the browser ----------------------------------------------------------------------------
// Chromium with its lanes: enqueue(job, log) runs a page on the next free lane and resolves to
// whether it got its outputs.
function startBrowser(chromium) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "pe-chromium-"));
  const started = Date.now();
  // The flags of the one-page runs (--no-sandbox, no network services), with file access
  // (check_layout.sh reads the figures' SVG documents) and the protocol on a pipe.
  const browser = spawn(chromium, [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    `--user-data-dir=${profile}`, "--allow-file-access-from-files", "--remote-debugging-pipe",
    "about:blank",
  ], { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });

  let nextId = 1;
  const pending = new Map();   // request id -> {resolve, reject}
  const listeners = new Set(); // (message) -> void, for events
  let buffered = Buffer.alloc(0);
  browser.stdio[4].on("data", (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    let end;
    while ((end = buffered.indexOf(0)) >= 0) {
      const message = JSON.parse(buffered.subarray(0, end).toString("utf8"));
      buffered = buffered.subarray(end + 1);
      if (message.id !== undefined && pending.has(message.id)) {
        const { resolve, reject, method } = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      } else {
        listeners.forEach((listener) => listener(message));
      }
    }
  });
  // A browser that dies early closes the pipe: its requests fail below, not the driver.
  browser.stdio[3].on("error", () => {});
  browser.stdio[4].on("error", () => {});
  let gone = false;
  const exited = new Promise((resolve) => browser.once("exit", resolve));
  exited.then(() => {
    gone = true;
    pending.forEach(({ reject }) => reject(new Error("chromium exited")));
    pending.clear();
  });

  function send(method, params = {}, sessionId) {
    if (gone) return Promise.reject(new Error("chromium exited"));
    const id = nextId++;
    const message = { id, method, params };
    if (sessionId) message.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, method });
      browser.stdio[3].write(JSON.stringify(message) + "\0");
    });
  }

  function once(method, sessionId) {
    return new Promise((resolve) => {
      const listener = (message) => {
        if (message.method === method && message.sessionId === sessionId) {
          listeners.delete(listener);
          resolve(message.params);
        }
      };
      listeners.add(listener);
    });
  }

  // A tab of its own browser context (a separate renderer), reused for one lane's pages.
  async function openTab() {
    const { browserContextId } = await send("Target.createBrowserContext");
    const { targetId } = await send("Target.createTarget", { url: "about:blank", browserContextId });
    const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
    await send("Page.enable", {}, sessionId);
    return { browserContextId, sessionId };
  }

  async function navigate(tab, url) {
    const committed = once("Page.frameNavigated", tab.sessionId);
    const navigated = await send("Page.navigate", { url }, tab.sessionId);
    if (navigated.errorText) throw new Error(`cannot open ${url}: ${navigated.errorText}`);
    await withTimeout(committed, pageTimeoutMs, url);
  }

  async function runJob(tab, job, log) {
    const t0 = Date.now();
    const { sessionId } = tab;
    try {
      // A new document each time, even where only the URL's fragment differs from the last page's.
      await send("Emulation.setVirtualTimePolicy", { policy: "advance" }, sessionId);
      await navigate(tab, "about:blank");
      await send("Emulation.setDeviceMetricsOverride",
                 { width: job.width, height: job.height, deviceScaleFactor: 1, mobile: false }, sessionId);
      await send("Emulation.setScrollbarsHidden", { hidden: Boolean(job.png) }, sessionId);
      // Virtual time stands still until the page's document has arrived (a budget started on
      // about:blank would run out before it), then runs as --virtual-time-budget runs it.
      await send("Emulation.setVirtualTimePolicy", { policy: "pause" }, sessionId);
      await navigate(tab, job.url);
      const ready = once("Emulation.virtualTimeBudgetExpired", sessionId);
      await send("Emulation.setVirtualTimePolicy",
                 { policy: "pauseIfNetworkFetchesPending", budget: virtualBudgetMs }, sessionId);
      await withTimeout(ready, pageTimeoutMs, job.url);
      const loaded = Date.now();
      if (job.dom) {
        const { result, exceptionDetails } = await send("Runtime.evaluate", {
          expression: "(document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '') +" +
                      " document.documentElement.outerHTML",
          returnByValue: true,
        }, sessionId);
        if (exceptionDetails) throw new Error(`reading the DOM: ${exceptionDetails.exception.description}`);
        fs.writeFileSync(job.dom, result.value + "\n");
      }
      if (job.png) {
        const { data } = await send("Page.captureScreenshot", { format: "png" }, sessionId);
        fs.writeFileSync(job.png, Buffer.from(data, "base64"));
      }
      log(`session: ${Date.now() - t0} ms (ready after ${loaded - t0} ms) ${job.width}x${job.height}` +
          ` ${job.dom ? "dom" : ""}${job.dom && job.png ? "+" : ""}${job.png ? "png" : ""} ${job.url}`);
      return true;
    } catch (error) {
      log(`session: FAILED ${job.width}x${job.height} ${job.url}: ${error.message}`);
      return false;
    }
  }

  // The queue of pages, each with its check's log and a resolve; the lanes take them in order.
  const queue = [];
  let wakeLanes = [];
  let pagesRun = 0;
  function enqueue(job, log) {
    return new Promise((resolve) => {
      queue.push({ job, log, resolve });
      wakeLanes.splice(0).forEach((wake) => wake());
    });
  }
  async function take() {
    while (queue.length === 0) {
      if (gone) return null;
      await new Promise((wake) => wakeLanes.push(wake));
    }
    return queue.shift();
  }
  exited.then(() => {
    queue.splice(0).forEach(({ job, log, resolve }) => {
      log(`session: FAILED ${job.width}x${job.height} ${job.url}: chromium exited`);
      resolve(false);
    });
    wakeLanes.splice(0).forEach((wake) => wake());
  });
  async function lane() {
    let tab = await openTab();
    for (let item; (item = await take()) !== null;) {
      const ok = await runJob(tab, item.job, item.log);
      pagesRun++;
      item.resolve(ok);
      // After a failure (a crashed or hung page) the lane goes on in a new tab.
      if (!ok && !gone) {
        await send("Target.disposeBrowserContext", { browserContextId: tab.browserContextId }).catch(() => {});
        tab = await openTab();
      }
    }
  }

  // Up when it answers; then the lanes open their tabs.
  const up = withTimeout(send("Browser.getVersion"), pageTimeoutMs, "chromium start-up").then(() => {
    const upMs = Date.now() - started;
    for (let i = 0; i < lanes; i++) lane().catch(() => {});
    return upMs;
  });

  // Chromium writes its profile until it has exited: wait for it (10 s), then remove the profile.
  function close() {
    send("Browser.close").catch(() => {});
    return withTimeout(exited, 10000, "chromium shut-down").catch(() => browser.kill("SIGKILL"))
      .then(() => fs.rmSync(profile, { recursive: true, force: true }));
  }

  return { up, enqueue, close, isGone: () => gone, pagesRun: () => pagesRun };
}

// ---- the check's own browser ----------------------------------------------------------------
async function runAlone(chromium, jobsFile) {
  const jobs = readJobs(jobsFile);
  const browser = startBrowser(chromium);
  try {
    const upMs = await browser.up;
    const t0 = Date.now();
    await Promise.all(jobs.map((job) => browser.enqueue(job, (line) => console.log(line))));
    console.log(`session: browser up in ${upMs} ms; ${jobs.length} pages in ${Date.now() - t0} ms,` +
                ` ${lanes} at a time`);
  } catch (error) {
    console.log(`session: FAILED: ${error.message}`);
    await browser.close();
    process.exit(1);
  }
  await browser.close();
  process.exit(0);
}

// ---- the shared browser ---------------------------------------------------------------------
// One request a connection, a JSON text on one line: {"jobs": FILE} runs FILE's pages and answers
// each page's line, then "end"; {"ping": true} answers "end" once the browser is up;
// {"stop": true} answers the session's summary, closes the browser, answers "end" and exits.
async function serve(chromium, socketPath) {
  const browser = startBrowser(chromium);
  const started = Date.now();
  let checks = 0;
  let connected = 0;
  let idleTimer = null;
  const log = (line) => console.log(`${new Date().toISOString()} ${line}`);

  // Resolves once Chromium has exited and its profile is removed; the process exits after.
  let closed = null;
  function stop(reason) {
    if (closed) return closed;
    log(`session: closing (${reason})`);
    server.close();
    fs.rmSync(socketPath, { force: true });
    closed = browser.close().then(() => log("session: closed"));
    // A moment for the last answers to leave before the process ends.
    closed.then(() => setTimeout(() => process.exit(0), 200));
    return closed;
  }
  function idle() {
    clearTimeout(idleTimer);
    if (connected === 0) idleTimer = setTimeout(() => stop(`no check for ${idleMs / 1000} s`), idleMs);
  }

  const server = net.createServer((socket) => {
    connected++;
    clearTimeout(idleTimer);
    socket.on("error", () => {});
    socket.on("close", () => { connected--; idle(); });
    let request = "";
    socket.on("data", async (chunk) => {
      request += chunk.toString("utf8");
      if (!request.includes("\n")) return;
      const answer = (line) => { if (!socket.destroyed) socket.write(line + "\n"); };
      let message;
      try {
        message = JSON.parse(request.slice(0, request.indexOf("\n")));
      } catch (error) {
        answer(`session: FAILED: unreadable request: ${error.message}`);
        socket.end();
        return;
      }
      try {
        const upMs = await browser.up;
        if (message.stop) {
          answer(`session: shared browser up in ${upMs} ms; ${browser.pagesRun()} pages for ${checks} checks` +
                 ` in ${Date.now() - started - upMs} ms, ${lanes} at a time`);
          // "end" once the browser is gone, so no Chromium outlives the test that stops it.
          await stop("asked to stop");
          answer("end");
          socket.end();
          return;
        }
        if (message.jobs) {
          checks++;
          const jobs = readJobs(message.jobs);
          const t0 = Date.now();
          log(`session: ${jobs.length} pages from ${message.jobs}`);
          const lineOut = (line) => { log(line); answer(line); };
          await Promise.all(jobs.map((job) => browser.enqueue(job, lineOut)));
          answer(`session: shared browser; ${jobs.length} pages in ${Date.now() - t0} ms, ${lanes} at a time` +
                 " with the other checks' pages");
        }
        answer(browser.isGone() ? "session: FAILED: chromium exited" : "end");
      } catch (error) {
        answer(`session: FAILED: ${error.message}`);
      }
      socket.end();
    });
  });
  fs.rmSync(socketPath, { force: true });
  server.listen(socketPath, () => log(`session: listening on ${socketPath}, pid ${process.pid}`));
  browser.up.then(() => log("session: browser up"),
                  (error) => { log(`session: FAILED: ${error.message}`); stop("the browser did not start"); });
  const exitWhenGone = setInterval(() => { if (browser.isGone()) stop("chromium exited"); }, 1000);
  exitWhenGone.unref();
  idle();
  process.on("SIGTERM", () => stop("SIGTERM"));
}

// ---- a check's connection to the shared browser ---------------------------------------------
function request(socketPath, message) {
  const socket = net.createConnection(socketPath);
  let answered = "";
  let ended = false;
  socket.on("connect", () => socket.write(JSON.stringify(message) + "\n"));
  socket.on("data", (chunk) => {
    answered += chunk.toString("utf8");
    let end;
    while ((end = answered.indexOf("\n")) >= 0) {
      const line = answered.slice(0, end);
      answered = answered.slice(end + 1);
      if (line === "end") ended = true;
      else console.log(line);
    }
  });
  socket.on("error", (error) => {
    if (error.code === "ENOENT" || error.code === "ECONNREFUSED") {
      console.log(`session: no shared browser at ${socketPath}`);
      process.exit(2);
    }
    console.log(`session: FAILED: the shared browser: ${error.message}`);
    process.exit(1);
  });
  socket.on("close", () => {
    if (!ended) console.log("session: FAILED: the shared browser went away before it finished");
    process.exit(ended ? 0 : 1);
  });
}

const args = process.argv.slice(2);
if (args[0] === "--serve" && args.length === 3) serve(args[1], args[2]);
else if (args[0] === "--connect" && args.length === 3) request(args[1], { jobs: path.resolve(args[2]) });
else if (args[0] === "--ping" && args.length === 2) request(args[1], { ping: true });
else if (args[0] === "--stop" && args.length === 2) request(args[1], { stop: true });
else if (args.length === 2 && !args[0].startsWith("--")) runAlone(args[0], args[1]);
else usage();
