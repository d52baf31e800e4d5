/**
 * `doctor --html`'s page as text: self-contained (nothing it would fetch, no script), every path
 * and message escaped, and the command's errors for a page it cannot write. Chromium renders it
 * in test/runtimes/doctor-html.runtimes.ts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
    // Links only within the page (`#client-codex`).
    expect(markup).not.toMatch(
      /<script|<link|<img|<iframe|\bsrc=|\bhref="(?!#)|url\(|https?:|@import/i,
    );
  });

  it("opens with an overview: a row per client linking to its section, which links back", () => {
    const overview = /<table class="overview" id="overview">.*?<\/table>/s.exec(page)?.[0] ?? "";
    for (const client of SAMPLE_REPORT.clients) {
      expect(overview).toContain(`<a href="#client-${client.client}">${client.label}</a>`);
      expect(page).toContain(`<section class="client" id="client-${client.client}"`);
    }
    expect(page.match(/<a class="top" href="#overview">/g)).toHaveLength(3);
  });

  it("lists every kind the text lists: commands, agents, skills and MCP servers", () => {
    const claude = /<section[^>]*data-client="claude".*?<\/section>/s.exec(page)?.[0] ?? "";
    for (const kind of ["commands", "agents", "skills", "mcpServers"]) {
      expect(claude).toContain(`data-kind="${kind}"`);
    }
    expect(claude).toContain('<code class="name">review</code>');
    expect(claude).toContain('<code class="name">tester</code>');
    expect(claude).toContain("shadowed by .claude/skills/release/SKILL.md");
    expect(claude).toContain('<code class="name">files</code> <span class="note">stdio;');
  });

  it("names hook items as their author wrote them; the engine's id only on hover", () => {
    expect(page).toContain('<b class="name">My project: end of the block</b>');
    expect(page).toContain('<b class="name">atomic_commits</b>');
    expect(page).not.toMatch(/<b[^>]*>my-project:close<\/b>/);
  });

  it("draws a hook with no inline limit as unbounded, not as a full bar", () => {
    const hook = /<div class="hook" data-event="UserPromptSubmit">.*?<\/ul><\/div>/s.exec(
      page,
    )?.[0];
    expect(hook).toContain('<div class="no-limit"');
    expect(hook).not.toContain("<svg");
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
  it("writes the page and prints one line saying where, not the table", () => {
    const dir = mkdtempSync(join(tmpdir(), "contextfmt-doctor-html-"));
    try {
      writeFileSync(join(dir, "CLAUDE.md"), "Answer in English.\n");
      writeFileSync(join(dir, "AGENTS.md"), "Answer in French.\n");
      const file = join(dir, "doctor.html");
      const run = contextfmt(["doctor", dir, "--client", "codex,claude", "--html", file]);
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(`wrote ${file}: 2 clients, 1 problem (1 warning)\n`);
      expect(run.stderr).toBe("");
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
