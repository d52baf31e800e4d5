/**
 * `doctor --html`'s page as text: self-contained (nothing it would fetch, no script), every path
 * and message escaped, and the command's errors for a page it cannot write. Chromium renders it
 * in test/runtimes/doctor-html.runtimes.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { doctorHtml } from "../../src/doctor/html.js";
import { contextfmt } from "../cli/run-bin.js";
import { SAMPLE_REPORT } from "./report-sample.js";

describe("doctorHtml", () => {
  const page = doctorHtml(SAMPLE_REPORT);

  it("is one page that needs nothing else: no script, no link, no URL", () => {
    expect(page.startsWith("<!doctype html>\n")).toBe(true);
    // Less the sample's hostile path, which is text (escaped) and would match `src=`.
    const markup = page.replaceAll("&lt;img src=x onerror=alert(1)&gt;", "");
    expect(markup).not.toMatch(/<script|<link|<img|<iframe|\b(?:src|href)=|url\(|https?:|@import/i);
  });

  it("escapes what comes from the project", () => {
    expect(page).toContain("packages/api/&lt;img src=x onerror=alert(1)&gt;/AGENTS.md");
    expect(page).toContain("over Claude Code&apos;s 10000 &lt;inline&gt; limit");
  });

  it("is the same page for the same report", () => {
    expect(doctorHtml(SAMPLE_REPORT)).toBe(page);
  });
});

describe("contextfmt doctor --html", () => {
  it("writes the page beside printing the table", () => {
    const dir = mkdtempSync(join(tmpdir(), "contextfmt-doctor-html-"));
    try {
      const file = join(dir, "doctor.html");
      const run = contextfmt(["doctor", dir, "--client", "codex", "--html", file]);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain("Codex CLI");
      expect(readFileSync(file, "utf8")).toContain('<section class="client" id="client-codex"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a page it cannot write: one line naming the path, exit 1", () => {
    const dir = mkdtempSync(join(tmpdir(), "contextfmt-doctor-html-"));
    try {
      const file = join(dir, "missing", "doctor.html");
      const run = contextfmt(["doctor", dir, "--html", file]);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`^contextfmt: ${file}: cannot write: ENOENT`));
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
