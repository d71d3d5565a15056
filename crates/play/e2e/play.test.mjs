// End-to-end tests of `sokoengine play` in a real browser: Debian's Chromium, headless,
// driven by Playwright. A person's session on each tessellation: keys from the first
// moment, undo and redo, a walk and a box taken to its goal by the mouse, a hint, a
// save; then `sokoengine verify` checks that the file holds the solutions. The same run
// measures a move's round trip and the redraw of a 100x100 board.
//
// Environment: SOKOENGINE_BIN (default: target/debug/sokoengine of the workspace),
// CHROMIUM (default /usr/bin/chromium); PLAY_SCREENSHOTS=DIR writes a screenshot of
// each tessellation there; PLAY_TIMINGS=FILE writes the timings as JSON.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, copyFileSync, writeFileSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../..");
const binary = process.env.SOKOENGINE_BIN || join(root, "target/debug/sokoengine");
const fixtures = join(root, "fixtures/play");
const work = mkdtempSync(join(tmpdir(), "sokoengine-play-e2e-"));
const servers = [];
let context;
// A move's round trip on a 7x5 and on a 100x100 level, and the 100x100 board's redraw.
const timings = { moves: [], moves_100x100: [], redraws_100x100: [] };

// Starts `sokoengine play FILE --no-browser`; resolves to the URL, its first line.
function serve(file, ...args) {
  const child = spawn(binary, ["play", file, "--no-browser", ...args], { stdio: ["ignore", "pipe", "inherit"] });
  servers.push(child);
  return new Promise((resolveUrl, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once("line", (line) => resolveUrl(line.trim()));
    child.once("exit", (code) => reject(new Error(`sokoengine play exited with ${code}`)));
  });
}

before(async () => {
  context = await chromium.launchPersistentContext(mkdtempSync(join(work, "profile-")), {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
});

after(async () => {
  await context?.close();
  for (const child of servers) {
    child.kill("SIGTERM");
  }
  if (process.env.PLAY_TIMINGS) {
    writeFileSync(process.env.PLAY_TIMINGS, JSON.stringify(summary(), null, 2) + "\n");
  }
  console.log(JSON.stringify(summary()));
  rmSync(work, { recursive: true, force: true });
});

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

function summary() {
  const out = {};
  for (const [name, values] of Object.entries(timings)) {
    if (values.length) {
      out[name] = {
        count: values.length,
        median_ms: +percentile(values, 50).toFixed(2),
        p95_ms: +percentile(values, 95).toFixed(2),
        max_ms: +Math.max(...values).toFixed(2),
      };
    }
  }
  return out;
}

const text = (page, id) => page.getByTestId(id).textContent();

async function expectText(page, id, expected) {
  await page.waitForFunction(
    ([id, expected]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === expected,
    [id, String(expected)],
    { timeout: 20_000 },
  );
}

// Clicks the centre of the first element of the board matching `selector` that no
// box or pusher covers ("#g": a goal; "#b": a box off goal, in the render crate's SVG).
async function clickOn(page, selector) {
  const point = await page.evaluate((selector) => {
    const svg = document.querySelector('[data-testid="board"]');
    const at = (el) => el.getAttribute("x") + "," + el.getAttribute("y");
    const covered = new Set(
      Array.from(svg.querySelectorAll('use[href^="#B"], use[href^="#P"], use[href^="#p"]')).map(at),
    );
    const element = Array.from(svg.querySelectorAll(selector)).find((el) => !covered.has(at(el)));
    if (!element) return null;
    const x = Number(element.getAttribute("x"));
    const y = Number(element.getAttribute("y"));
    const screen = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
    return { x: screen.x, y: screen.y };
  }, selector);
  assert.ok(point, `no ${selector} on the board`);
  await page.mouse.click(point.x, point.y);
}

// Waits for the page to have drawn every answer it asked for.
async function settle(page) {
  await page.waitForFunction(() => document.body.dataset.ready === "true");
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done())));
}

const LEVELS = [
  [1, "sokoban"],
  [2, "hexoban"],
  [3, "trioban"],
  [4, "octoban"],
];

test("a level of each tessellation, by keys and by the mouse, saved and verified", async () => {
  const file = join(work, "tessellations.sok");
  copyFileSync(join(fixtures, "tessellations.sok"), file);
  const url = await serve(file);
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{32}$/);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "domcontentloaded" });
  // Keys work as soon as the page has loaded: this one waits for the first state.
  await page.keyboard.press("ArrowRight");
  await expectText(page, "pushes", 1);
  await page.keyboard.press("Backspace");
  await expectText(page, "pushes", 0);
  await settle(page);

  for (const [level, tessellation] of LEVELS) {
    await page.getByTestId(`level-${level}`).click();
    await page.waitForFunction((level) => document.querySelector(`[data-testid="level-${level}"]`)?.getAttribute("aria-current") === "true", level);
    await expectText(page, "moves", 0);
    // The first box onto its goal, by the right arrow.
    await page.keyboard.press("ArrowRight");
    await expectText(page, "pushes", 1);
    assert.equal(await text(page, "status"), "playing", tessellation);
    // Undo and redo, by the buttons and by the keys.
    await page.getByTestId("undo").click();
    await expectText(page, "pushes", 0);
    await page.getByTestId("redo").click();
    await expectText(page, "pushes", 1);
    await page.keyboard.press("u");
    await expectText(page, "moves", 0);
    await page.keyboard.press("y");
    await expectText(page, "moves", 1);
    // A click on the free goal walks there.
    await clickOn(page, 'use[href^="#g"]');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="moves"]').textContent) > 1);
    assert.equal(await text(page, "pushes"), "1", tessellation);
    // A hint: the walk and the next push towards a solution.
    await page.getByTestId("hint").click();
    await expectText(page, "pushes", 2);
    // The box not on a goal, clicked, then the free goal: the fewest pushes take it there.
    await clickOn(page, 'use[href^="#b"]');
    await page.getByTestId("selected-box").waitFor();
    await clickOn(page, 'use[href^="#g"]');
    await expectText(page, "status", "solved");
    assert.ok(await page.getByTestId("metrics").isVisible(), tessellation);
    const metrics = await page.getByTestId("metric-moves").textContent();
    assert.equal(metrics, await text(page, "moves"), tessellation);
    if (process.env.PLAY_SCREENSHOTS) {
      await settle(page);
      await page.screenshot({ path: join(process.env.PLAY_SCREENSHOTS, `${tessellation}.png`) });
    }
    await page.getByTestId("save").click();
    await page.waitForFunction(() => document.querySelector('[data-testid="message"]').textContent.startsWith("saved"));
    await page.waitForFunction((level) => document.querySelector(`[data-testid="level-${level}"] .mark`)?.textContent === "\u2714", level);
    // The saved solution plays back in the HTML player.
    await page.getByTestId("playback-1").click();
    const player = page.frameLocator('[data-testid="playback"]');
    await player.locator("#slider").waitFor();
  }

  const report = execFileSync(binary, ["verify", "--strict", file], { encoding: "utf8" });
  assert.match(report.trim().split("\n").pop(), /4 puzzles, 4 snapshots, 4 solved$/);
  await page.close();
});

test("a plain level file saves into a .sok beside it", async () => {
  const file = join(work, "hexagons.hsb");
  copyFileSync(join(fixtures, "hexagons.hsb"), file);
  const original = readFileSync(file, "utf8");
  const url = await serve(file);
  const page = await context.newPage();
  await page.goto(url);
  await settle(page);
  await page.keyboard.press("ArrowRight");
  await expectText(page, "pushes", 1);
  await page.getByTestId("solve").click();
  await page.waitForFunction(() => !document.querySelector('[data-testid="redo"]').disabled);
  await page.getByTestId("redo-all").click();
  await expectText(page, "status", "solved");
  await page.keyboard.press("Control+s");
  await page.waitForFunction(() => document.querySelector('[data-testid="message"]').textContent.startsWith("saved"));
  assert.equal(readFileSync(file, "utf8"), original);
  const report = execFileSync(binary, ["verify", "--strict", join(work, "hexagons.sok")], { encoding: "utf8" });
  assert.match(report.trim().split("\n").pop(), /1 puzzles?, 1 snapshots?, 1 solved$/);
  await page.close();
});

test("a push into a corner warns that the position is dead; reverse mode pulls", async () => {
  const file = join(work, "dead.sok");
  copyFileSync(join(fixtures, "tessellations.sok"), file);
  const url = await serve(file);
  const page = await context.newPage();
  await page.goto(url);
  await settle(page);
  for (const key of ["ArrowDown", "ArrowRight", "ArrowRight", "ArrowDown"]) {
    await page.keyboard.press(key);
  }
  await expectText(page, "moves", 4);
  assert.ok(await page.getByTestId("warning").isHidden());
  await page.keyboard.press("ArrowLeft");
  await expectText(page, "pushes", 1);
  await page.getByTestId("warning").waitFor({ state: "visible" });
  assert.match(await text(page, "warning"), /^Dead position/);
  await page.keyboard.press("Control+z");
  await page.getByTestId("warning").waitFor({ state: "hidden" });
  // Reverse mode: the boxes start on the goals; walking away from one pulls it (the
  // keys work with the check box just clicked).
  await page.getByTestId("reverse").check();
  await expectText(page, "moves", 0);
  // Right along the free row, then up with Shift: a walk that leaves the box below.
  for (const key of ["ArrowDown", "ArrowRight", "ArrowRight", "ArrowRight", "Shift+ArrowUp"]) {
    await page.keyboard.press(key);
  }
  await expectText(page, "moves", 5);
  assert.equal(await text(page, "pushes"), "0");
  await page.keyboard.press("ArrowRight");
  await expectText(page, "pushes", 1);
  await page.getByTestId("undo").click();
  await expectText(page, "pushes", 0);
  assert.ok(await page.getByTestId("reverse").isChecked());
  await page.close();
});

// A 100x100 Sokoban board: walls around open floor, 115 boxes on goals and 29 off.
function bigLevel(title) {
  const rows = [];
  for (let y = 0; y < 100; y++) {
    let row = "";
    for (let x = 0; x < 100; x++) {
      const wall = x === 0 || y === 0 || x === 99 || y === 99;
      const piece = (x * 7 + y * 13) % 61 === 0 && x > 2 && y > 2 && x < 97 && y < 97;
      const onGoal = piece && (x + y) % 5 !== 0;
      row += wall ? "#" : x === 50 && y === 50 ? "@" : piece ? (onGoal ? "*" : "$") : " ";
    }
    rows.push(row);
  }
  // Goals for the boxes off goal, in the first free cells of row 2.
  const offGoal = rows.join("").split("$").length - 1;
  rows[2] = "#" + ".".repeat(offGoal) + " ".repeat(98 - offGoal) + "#";
  return `${title}\n\n${rows.join("\n")}\n`;
}

test("speed: a move's round trip and a 100x100 board's redraw", async () => {
  const file = join(work, "big.sok");
  const small = "Small\n\n#######\n#@$.  #\n#     #\n# $ . #\n#######\n";
  writeFileSync(file, bigLevel("Big one") + "\n" + bigLevel("Big two") + "\n" + small);
  const url = await serve(file);
  const page = await context.newPage();
  await page.goto(url);
  await settle(page);
  await page.evaluate(() => window.playTimings.redraws.splice(0));
  for (let i = 0; i < 10; i++) {
    await page.getByTestId(`level-${(i % 2) + 1}`).click();
    await page.waitForFunction((n) => window.playTimings.redraws.length === n, i + 1);
  }
  timings.redraws_100x100.push(...(await page.evaluate(() => window.playTimings.redraws.splice(0))));
  for (let i = 0; i < 40; i++) {
    const before = Number(await text(page, "moves"));
    await page.keyboard.press(i % 2 ? "ArrowLeft" : "ArrowRight");
    await expectText(page, "moves", before + 1);
  }
  timings.moves_100x100.push(...(await page.evaluate(() => window.playTimings.moves.splice(0))));
  // The same on a 7x5 level, along its free middle row.
  await page.getByTestId("level-3").click();
  await expectText(page, "moves", 0);
  await page.keyboard.press("ArrowDown");
  await expectText(page, "moves", 1);
  await page.evaluate(() => window.playTimings.moves.splice(0));
  for (let i = 0; i < 40; i++) {
    const before = Number(await text(page, "moves"));
    await page.keyboard.press(i % 2 ? "ArrowLeft" : "ArrowRight");
    await expectText(page, "moves", before + 1);
  }
  timings.moves.push(...(await page.evaluate(() => window.playTimings.moves.splice(0))));
  await page.close();

  // The targets are 5 ms a move and 50 ms a redraw (docs/play.md has the figures
  // measured on a release build). A shared machine under load (CI, several builds at
  // once) can be many times slower, so by default the test only guards against a
  // change that breaks them by an order of magnitude; PLAY_STRICT_TIMING=1 asks for
  // the targets themselves.
  const slack = process.env.PLAY_STRICT_TIMING === "1" ? 1 : 10;
  const measured = summary();
  console.log("timings", JSON.stringify(measured));
  for (const [name, limit] of [["moves", 5], ["moves_100x100", 5], ["redraws_100x100", 50]]) {
    assert.ok(measured[name].median_ms <= limit * slack, `${name}: ${JSON.stringify(measured[name])}`);
  }
});
