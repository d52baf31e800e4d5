/**
 * Rewrites docs/images/doctor.png: the top of the page `doctor --html` writes for the bundled
 * example project (copied out of the repository, as docs/doctor.md says), rendered by the
 * headless Chromium the page's tests use (CONTEXTFMT_CHROMIUM, default /usr/bin/chromium, driven
 * by test/runtimes' playwright-core: `npm ci --prefix test/runtimes` first). Nothing is fetched.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { doctor, doctorHtml } from "../src/sync.js";

const root = fileURLToPath(new URL("..", import.meta.url));
/** What this script uses of playwright-core, which lives in test/runtimes (not typechecked). */
interface Browser {
  newPage(options: { viewport: { width: number; height: number } }): Promise<{
    route(
      url: string,
      handler: (route: { abort(): Promise<void> }) => Promise<void>,
    ): Promise<void>;
    setContent(html: string, options: { waitUntil: "load" }): Promise<void>;
    screenshot(options: { fullPage: boolean }): Promise<Buffer>;
  }>;
  close(): Promise<void>;
}
const { chromium } = createRequire(join(root, "test/runtimes/package.json"))("playwright-core") as {
  chromium: { launch(options: { executablePath: string; args: string[] }): Promise<Browser> };
};
const OUT = join(root, "docs/images/doctor.png");

const dir = mkdtempSync(join(tmpdir(), "contextfmt-doctor-shot-"));
const browser = await chromium.launch({
  executablePath: process.env.CONTEXTFMT_CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const project = join(dir, "atlas");
  cpSync(join(root, "examples/project"), project, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 960, height: 860 } });
  await page.route("**/*", (route) => route.abort());
  await page.setContent(doctorHtml(await doctor({ dir: project })), { waitUntil: "load" });
  // The overview and the first client's section: what a person sees first.
  writeFileSync(OUT, await page.screenshot({ fullPage: false }));
  console.log(`wrote ${OUT}`);
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
