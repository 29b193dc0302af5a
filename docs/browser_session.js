// One headless Chromium for all of a check's pages (issue 42): the browser checks
// (check_rendering.sh, check_layout.sh, check_map.sh, check_explorer.sh) list their pages and widths
// in a job file, and this driver opens them in one browser over the DevTools protocol on a pipe
// (--remote-debugging-pipe: requests on fd 3, answers on fd 4, each a JSON text ended by a NUL),
// a few pages at a time: one tab per core, each of its own browser context, so each lane's pages
// run in a renderer of their own, one after the other.
//
// Each page is loaded as `chromium --headless --virtual-time-budget=10000 --window-size=W,H`
// loaded it: virtual time pauses while files are still loading, then runs scripts' timers
// without waiting for the clock, and the page counts as ready when 10000 virtual ms have passed
// (Emulation.virtualTimeBudgetExpired), so MathJax and the probes have finished. Then the DOM is
// written as --dump-dom wrote it (doctype and document.documentElement.outerHTML) and/or a PNG of
// the window as --screenshot took it (scrollbars hidden, as --hide-scrollbars hid them).
//
// usage: node browser_session.js CHROMIUM JOBS
//   JOBS: one page a line, "WIDTH HEIGHT DOM_OUT PNG_OUT URL" separated by tabs ("-" for an
//   output not wanted; headless_chromium.sh's browser_job writes them).
//   A page that fails (crash, no answer in 120 s) gets no output, and the check reading it fails.
// Prints one line per page and one for the session, each starting "session:".
// exit: 0 the browser ran every page (a page may still have failed); 1 the browser did not start.
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

const [chromium, jobsFile] = process.argv.slice(2);
if (!chromium || !jobsFile) {
  console.error("usage: node browser_session.js CHROMIUM JOBS");
  process.exit(1);
}
// Pages open at once: one per core, so two pages' scripts run side by side on two cores.
const lanes = Math.max(1, Number(process.env.PE_BROWSER_LANES) || os.cpus().length);
// As the one-page runs had it: --virtual-time-budget=10000, and `timeout 120`.
const virtualBudgetMs = 10000;
const pageTimeoutMs = 120000;

const jobs = fs.readFileSync(jobsFile, "utf8").split("\n").filter((l) => l.trim()).map((line) => {
  const [width, height, dom, png, url] = line.split("\t");
  return { width: Number(width), height: Number(height), dom: dom === "-" ? null : dom,
           png: png === "-" ? null : png, url };
});

const profile = fs.mkdtempSync(path.join(os.tmpdir(), "pe-chromium-"));
const started = Date.now();
// The flags of headless_chromium.sh's chromium_run, with file access (check_layout.sh reads the
// figures' SVG documents) and the protocol on a pipe.
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
let browserGone = false;
browser.on("exit", () => {
  browserGone = true;
  pending.forEach(({ reject }) => reject(new Error("chromium exited")));
  pending.clear();
});

function send(method, params = {}, sessionId) {
  if (browserGone) return Promise.reject(new Error("chromium exited"));
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

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms); }),
  ]).finally(() => clearTimeout(timer));
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

async function runJob(tab, job) {
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
    console.log(`session: ${Date.now() - t0} ms (ready after ${loaded - t0} ms) ${job.width}x${job.height}` +
                ` ${job.dom ? "dom" : ""}${job.dom && job.png ? "+" : ""}${job.png ? "png" : ""} ${job.url}`);
    return true;
  } catch (error) {
    console.log(`session: FAILED ${job.width}x${job.height} ${job.url}: ${error.message}`);
    return false;
  }
}

async function main() {
  // The browser is up when it answers.
  await withTimeout(send("Browser.getVersion"), pageTimeoutMs, "chromium start-up");
  const up = Date.now();
  let next = 0;
  const lane = async () => {
    let tab = await openTab();
    while (next < jobs.length) {
      // After a failure (a crashed or hung page) the lane goes on in a new tab.
      if (!(await runJob(tab, jobs[next++]))) {
        await send("Target.disposeBrowserContext", { browserContextId: tab.browserContextId }).catch(() => {});
        tab = await openTab();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, jobs.length) }, lane));
  const done = Date.now();
  console.log(`session: browser up in ${up - started} ms; ${jobs.length} pages in ${done - up} ms,` +
              ` ${lanes} at a time`);
}

// Chromium writes its profile until it has exited: wait for it (10 s), then remove the profile.
function closeBrowser() {
  const exited = browserGone ? Promise.resolve() : new Promise((resolve) => browser.once("exit", resolve));
  send("Browser.close").catch(() => {});
  return withTimeout(exited, 10000, "chromium shut-down").catch(() => browser.kill("SIGKILL"))
    .then(() => fs.rmSync(profile, { recursive: true, force: true }));
}

main().then(() => closeBrowser().then(() => process.exit(0)), (error) => {
  console.log(`session: FAILED: ${error.message}`);
  closeBrowser().then(() => process.exit(1));
});
