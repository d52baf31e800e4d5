/**
 * `doctor --html`'s page in a real headless Chromium (Debian's, driven by playwright-core): it
 * renders without asking for anything from the network, every number it shows is the report's
 * (the overview's counts too), each bar's lengths are the report's bytes to scale (the cap's mark
 * where the kept bytes end), a hook with no limit known has no bar, problems are drawn by
 * severity with their fix, and a screenshot of each view (the overview, each client) is not
 * blank.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { doctorHtml } from "../../src/doctor/html.js";
import { bySeverity } from "../../src/doctor/problems.js";
import type { DoctorReport } from "../../src/doctor/report.js";
import { BIN } from "../cli/run-bin.js";
import { SAMPLE_REPORT } from "../doctor/report-sample.js";

const CHROMIUM = process.env.CONTEXTFMT_CHROMIUM ?? "/usr/bin/chromium";

let browser: Browser;
beforeAll(async () => {
  expect(existsSync(CHROMIUM), `${CHROMIUM}: apt-get install chromium`).toBe(true);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
});
afterAll(async () => {
  await browser?.close();
});

/** The page of `report`, opened with every request it might make recorded and refused. */
async function open(report: DoctorReport): Promise<{ page: Page; requested: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const requested: string[] = [];
  await page.route("**/*", (route) => {
    requested.push(route.request().url());
    return route.abort();
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.setContent(doctorHtml(report), { waitUntil: "load" });
  expect(errors).toEqual([]);
  return { page, requested };
}

/** How much of screenshot `png` is not the white page, and in how many colours: Chromium decodes it. */
function inkOf(page: Page, png: Buffer) {
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d");
    if (!context) return { total: 0, inked: 0, colors: 0 };
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    let inked = 0;
    const colors = new Set<number>();
    for (let i = 0; i < pixels.length; i += 4) {
      const [r, g, b] = [pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0];
      if (r < 240 || g < 240 || b < 240) inked += 1;
      colors.add((r << 16) | (g << 8) | b);
    }
    return { total: pixels.length / 4, inked, colors: colors.size };
  }, png.toString("base64"));
}

/** A number as the page writes it ("32,768"); undefined where the page shows none. */
const number = (text: string | null | undefined) =>
  text === null || text === undefined ? undefined : Number(text.replaceAll(",", ""));

/** What the page shows for each client, read from the DOM. */
function shown(page: Page) {
  return page.$$eval("section.client", (sections) =>
    sections.map((section) => {
      const text = (selector: string, root: Element = section) =>
        root.querySelector(selector)?.textContent ?? null;
      const barOf = (svg: Element | null) =>
        [...(svg?.querySelectorAll("rect:not(.track)") ?? [])].map((rect) => ({
          kind: rect.getAttribute("class") ?? "",
          width: rect.getBoundingClientRect().width,
        }));
      const files = section.querySelector("svg.bar");
      return {
        client: section.getAttribute("data-client"),
        label: text("h2 .label"),
        loadedBytes: text(".loaded-bytes"),
        loadedTokens: text(".loaded-tokens"),
        maxBytes: text(".max-bytes"),
        rows: [...section.querySelectorAll("tr.file")].map((row) => ({
          path: text("td.path", row),
          bytes: text("td.bytes", row),
          tokens: text("td.tokens", row),
          kept: text("td.kept", row),
          status: row.className.replace("file ", ""),
        })),
        track: files?.querySelector("rect.track")?.getBoundingClientRect().width ?? 0,
        bar: barOf(files),
        cap: files?.querySelector("line.limit")?.getBoundingClientRect().x ?? null,
        barStart: files?.querySelector("rect.track")?.getBoundingClientRect().x ?? 0,
        hooks: [...section.querySelectorAll("div.hook")].map((hook) => ({
          event: hook.getAttribute("data-event"),
          inject: text(".inject", hook),
          limit: text(".limit-value", hook),
          tokens: text(".hook-tokens", hook),
          over: hook.querySelector(".size.over") !== null,
          items: [...hook.querySelectorAll("li.item")].map((item) => ({
            id: item.getAttribute("data-id"),
            name: text(".name", item),
            status: text(".status", item),
            tokens: text(".tokens", item),
          })),
          bar: barOf(hook.querySelector("svg.bar")),
          unbounded: hook.querySelector(".no-limit") !== null,
        })),
        kinds: Object.fromEntries(
          [...section.querySelectorAll("div.kind")].map((kind) => [
            kind.getAttribute("data-kind"),
            [...kind.querySelectorAll("li .name")].map((name) => name.textContent),
          ]),
        ),
        problems: [...section.querySelectorAll("li.problem")].map((li) => ({
          code: li.getAttribute("data-code"),
          severity: text(".severity", li),
          fix: text(".fix", li),
          border: getComputedStyle(li).borderLeftColor,
        })),
        overview: (() => {
          const row = document.querySelector(
            `table.overview tr[data-client="${section.getAttribute("data-client")}"]`,
          );
          const cell = (selector: string) => row?.querySelector(selector)?.textContent ?? null;
          return {
            link: row?.querySelector("a")?.getAttribute("href"),
            files: cell("td.instructions .files"),
            tokens: cell("td.instructions .tokens"),
            commands: cell("td.commands .n"),
            agents: cell("td.agents .n"),
            skills: cell("td.skills .n"),
            mcp: cell("td.mcp .n"),
            hooks: cell("td.hooks .n"),
            problems: Object.fromEntries(
              [...(row?.querySelectorAll("td.problems .badge") ?? [])].map((badge) => [
                badge.getAttribute("data-severity"),
                badge.querySelector(".n")?.textContent,
              ]),
            ),
          };
        })(),
      };
    }),
  );
}

/** Holds every number the page shows to `report`'s: per client, its files, hooks and problems. */
async function expectPageShows(page: Page, report: DoctorReport): Promise<void> {
  const clients = await shown(page);
  expect(clients.map((client) => client.client)).toEqual(
    report.clients.map((client) => client.client),
  );
  for (const [index, client] of report.clients.entries()) {
    const on = clients[index];
    expect(on?.label).toBe(client.label);
    expect(number(on?.loadedBytes ?? null)).toBe(client.loaded.bytes);
    expect(number(on?.loadedTokens ?? null)).toBe(client.loaded.tokens);
    expect(on?.maxBytes === null ? undefined : number(on?.maxBytes ?? null)).toBe(client.maxBytes);
    expect(
      on?.rows.map((row) => ({
        path: row.path,
        bytes: number(row.bytes),
        tokens: number(row.tokens),
        kept: number(row.kept),
      })),
    ).toEqual(
      client.files.map((file) => ({
        path: file.path,
        bytes: file.bytes,
        tokens: file.tokens,
        kept: file.loaded ? (file.cut?.atByte ?? file.bytes) : 0,
      })),
    );
    const problems = report.problems.filter((p) => p.client === client.client);
    // Most pressing first, each with its severity and the fix --json gives.
    expect(on?.problems.map(({ code, severity, fix }) => ({ code, severity, fix }))).toEqual(
      bySeverity(problems).map((p) => ({
        code: p.code,
        severity: p.severity,
        fix: `Fix: ${p.fix}`,
      })),
    );
    const severities = ["error", "warning", "info"] as const;
    expect(on?.overview).toEqual({
      link: `#client-${client.client}`,
      files: String(client.files.filter((file) => file.loaded).length),
      tokens: client.loaded.tokens.toLocaleString("en-US"),
      commands: String(client.commands.length),
      agents: String(client.agents.length),
      skills: String(client.skills.length),
      mcp: String(client.mcpServers.length),
      hooks: String(client.hooks.length),
      problems: Object.fromEntries(
        severities
          .map((severity) => [severity, problems.filter((p) => p.severity === severity).length])
          .filter(([, n]) => n !== 0)
          .map(([severity, n]) => [severity, String(n)]),
      ),
    });
    expect(on?.kinds).toEqual({
      commands: client.commands.map((item) => item.name),
      agents: client.agents.map((item) => item.name),
      skills: client.skills.map((item) => item.name),
      mcpServers: client.mcpServers.map((item) => item.name),
    });
    const hooks = client.hooks.map((hook) => {
      // The page counts a hook in its limit's unit: characters, bytes, else tokens.
      const unit =
        hook.limit.chars !== undefined
          ? "chars"
          : hook.limit.bytes !== undefined
            ? "bytes"
            : "tokens";
      return {
        event: hook.event,
        inject: hook.inject?.[unit],
        // A hook with nothing to measure (its input files blank) shows no limit and no items.
        limit: hook.inject === undefined ? undefined : hook.limit[unit],
        tokens: hook.inject?.tokens,
        over: (hook.inject?.[unit] ?? 0) > (hook.limit[unit] ?? Number.POSITIVE_INFINITY),
        // No limit known: no bar (a full one would read as 100 %), an unbounded strip instead.
        unbounded: hook.inject !== undefined && hook.limit[unit] === undefined,
        items: (hook.inject?.items ?? []).map((item) => ({
          id: item.id,
          name: item.name,
          status: item.status,
          tokens: item.tokens,
        })),
      };
    });
    expect(
      on?.hooks.map((hook) => ({
        event: hook.event,
        inject: number(hook.inject),
        limit: number(hook.limit),
        tokens: number(hook.tokens),
        over: hook.over,
        unbounded: hook.unbounded && hook.bar.length === 0,
        items: hook.items.map((item) => ({ ...item, tokens: number(item.tokens) })),
      })),
    ).toEqual(hooks);
  }
}

describe("doctor --html in headless Chromium", () => {
  it("renders with nothing fetched, and every number it shows is the report's", async () => {
    const { page, requested } = await open(SAMPLE_REPORT);
    expect(requested).toEqual([]);
    await expectPageShows(page, SAMPLE_REPORT);
    await page.close();
  });

  it("doctor --html on a real project: the page it writes shows the numbers of its --json", async () => {
    const dir = mkdtempSync(join(tmpdir(), "contextfmt-doctor-html-"));
    try {
      execFileSync("git", ["init", "-q", dir]);
      mkdirSync(join(dir, "sub"));
      // Codex CLI cuts the 40 KiB AGENTS.md at 32 KiB and reads nothing of the deeper one.
      writeFileSync(join(dir, "AGENTS.md"), "Run the tests before every commit.\n".repeat(1200));
      writeFileSync(join(dir, "sub/AGENTS.md"), "Sub folder rules.\n");
      writeFileSync(join(dir, "CLAUDE.md"), "Answer in English.\n");
      // Each client's hooks and the starter context they inject, measured by doctor.
      execFileSync(process.execPath, [BIN, "init", "claude", dir]);
      execFileSync(process.execPath, [BIN, "init", "codex", dir]);
      // init's starters are blank: the rules a user writes there, which each hook injects.
      writeFileSync(
        join(dir, ".contextfmt/rules.json"),
        readFileSync(new URL("../../examples/rules.json", import.meta.url)),
      );
      const page = join(dir, "doctor.html");
      const json = execFileSync(
        process.execPath,
        [BIN, "doctor", join(dir, "sub"), "--json", "--html", page],
        { encoding: "utf8" },
      );
      const report = JSON.parse(json) as DoctorReport;
      expect(report.clients.find((c) => c.client === "codex")?.files.some((f) => f.cut)).toBe(true);
      const measured = report.clients.flatMap((c) => c.hooks).filter((hook) => hook.inject);
      expect(measured.length).toBeGreaterThan(1);
      const opened = await browser.newPage();
      const requested: string[] = [];
      await opened.route(/^(?!file:)/, (route) => {
        requested.push(route.request().url());
        return route.abort();
      });
      await opened.goto(pathToFileURL(page).href);
      expect(requested).toEqual([]);
      await expectPageShows(opened, report);
      await opened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("draws each bar to the report's numbers: kept bytes up to the cap's mark, then what is lost", async () => {
    const { page } = await open(SAMPLE_REPORT);
    const [codex, claude] = await shown(page);
    // One scale for all clients: the largest of any client's files or cap (Codex's files here).
    const scale = Math.max(
      ...SAMPLE_REPORT.clients.map((c) =>
        Math.max(
          c.maxBytes ?? 0,
          c.files.reduce((sum, file) => sum + file.bytes, 0),
        ),
      ),
    );
    const px = (bytes: number) => ((codex?.track ?? 0) * bytes) / scale;
    const widths = (kind: string, bar = codex?.bar ?? []) =>
      bar.filter((rect) => rect.kind === kind).reduce((sum, rect) => sum + rect.width, 0);
    expect(widths("loaded")).toBeCloseTo(px(32768), 0);
    expect(widths("cut")).toBeCloseTo(px(8192), 0);
    expect(widths("shadowed")).toBeCloseTo(px(900), 0);
    expect(widths("not-loaded")).toBeCloseTo(px(300), 0);
    // The cap's mark sits where the kept bytes end.
    expect((codex?.cap ?? 0) - (codex?.barStart ?? 0)).toBeCloseTo(px(32768), 0);
    expect(widths("loaded", claude?.bar)).toBeCloseTo(px(2000), 0);
    // The hook bar, in characters: included 1900 and shortened 1200 of 3100 tokens share the
    // 12400 characters injected, against the 10000 limit; the skipped item takes no room.
    const hook = claude?.hooks[0];
    const hookScale = (codex?.track ?? 0) / 12400;
    expect(widths("included", hook?.bar)).toBeCloseTo((12400 * 1900 * hookScale) / 3100, 0);
    expect(widths("shortened", hook?.bar)).toBeCloseTo((12400 * 1200 * hookScale) / 3100, 0);
    expect(hook?.bar.some((rect) => rect.kind === "skipped")).toBe(false);
    await page.close();
  });

  it("shows hostile paths as text, and a screenshot of it is not blank", async () => {
    const { page } = await open(SAMPLE_REPORT);
    expect(await page.$$("img")).toEqual([]);
    const hostile = await page.$$eval("td.path", (cells) =>
      cells.map((cell) => cell.textContent).filter((text) => text?.includes("<img")),
    );
    expect(hostile).toEqual(["packages/api/<img src=x onerror=alert(1)>/AGENTS.md"]);
    const inked = await inkOf(page, await page.screenshot({ fullPage: true }));
    expect(inked.total).toBeGreaterThan(0);
    // Text and bars: a few percent of the page at least, in many colours.
    expect(inked.inked / inked.total).toBeGreaterThan(0.03);
    expect(inked.colors).toBeGreaterThan(20);
    await page.close();
  });

  it("draws problems by severity: an informational one is not red, an error is", async () => {
    const { page } = await open(SAMPLE_REPORT);
    const claude = (await shown(page))[1];
    const border = (severity: string) =>
      claude?.problems.find((problem) => problem.severity === severity)?.border;
    expect(border("error")).toBe("rgb(197, 48, 48)");
    expect(border("warning")).toBe("rgb(214, 158, 46)");
    expect(border("info")).toBe("rgb(49, 130, 206)");
    await page.close();
  });

  it("a screenshot of each view: the overview and every client's section, none blank", async () => {
    const { page, requested } = await open(SAMPLE_REPORT);
    const dir = mkdtempSync(join(tmpdir(), "contextfmt-doctor-views-"));
    const views = [
      ["overview", "table.overview"],
      ...SAMPLE_REPORT.clients.map((client) => [client.client, `#client-${client.client}`]),
    ] as const;
    for (const [name, selector] of views) {
      const png = await page.locator(selector).screenshot({ path: join(dir, `${name}.png`) });
      expect(readFileSync(join(dir, `${name}.png`))).toEqual(png);
      const inked = await inkOf(page, png);
      expect(inked.inked / inked.total, name).toBeGreaterThan(0.02);
    }
    // A jump link lands on its client's section.
    await page.click('table.overview a[href="#client-claude"]');
    expect(await page.evaluate(() => location.hash)).toBe("#client-claude");
    const top = await page.locator("#client-claude").boundingBox();
    expect(top?.y).toBeLessThan(50);
    expect(requested).toEqual([]);
    await page.close();
  });
});
