/**
 * The core and `contextfmt/tiktoken` entries run on Bun, Deno and in a real headless Chromium,
 * giving what Node gives byte for byte (check.mjs: a budgeted render with the default counter,
 * one with the exact counter, an XML memory injection). Bun and Deno are the npm packages of
 * test/runtimes; Chromium is Debian's (`apt-get install chromium`), driven by playwright-core.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";

const here = new URL(".", import.meta.url).pathname;
const bin = (name: string) => `${here}node_modules/.bin/${name}`;
const CHECK = `${here}check.mjs`;
const CHROMIUM = process.env.CONTEXTFMT_CHROMIUM ?? "/usr/bin/chromium";

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { cwd: here, encoding: "utf8", timeout: 60_000 });

let expected: string;
beforeAll(() => {
  expected = run(process.execPath, [CHECK]);
  expect(JSON.parse(expected).exact.tokens).toBeGreaterThan(0);
});

describe("the core and tiktoken entries give Node's bytes", () => {
  it("on Bun", () => {
    expect(run(bin("bun"), [CHECK])).toBe(expected);
  });

  it("on Deno", () => {
    expect(run(bin("deno"), ["run", "--allow-read", "--allow-env", CHECK])).toBe(expected);
  });

  it("in headless Chromium", async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM}: apt-get install chromium`).toBe(true);
    // Bundled for the browser as an application would bundle it: no node: module may be needed.
    const bundle = await build({
      entryPoints: [CHECK],
      bundle: true,
      write: false,
      format: "iife",
      globalName: "check",
      platform: "browser",
      logLevel: "silent",
    });
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? "" });
      const result = await page.evaluate(
        () => (globalThis as unknown as { check: { result: unknown } }).check.result,
      );
      expect(errors).toEqual([]);
      expect(await page.evaluate(() => navigator.userAgent)).toMatch(/HeadlessChrome/);
      expect(`${JSON.stringify(result)}\n`).toBe(expected);
    } finally {
      await browser.close();
    }
  });
});
