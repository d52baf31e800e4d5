/**
 * The doctor's problems a sync would make are said before anything is written: a file the plan
 * writes that a client cuts at its cap (a CLAUDE.md importing 45 KB, carried into the AGENTS.md
 * Codex CLI reads only 32 KiB of), and a file a client reads no more because one the plan writes
 * comes first. A problem the project had before the sync is not said again.
 */
import { planSync, type SyncOptions } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { project } from "../cli/project-dir.js";

/** A line of `n` characters' worth of rules, all plain ASCII (one byte each). */
const rules = (n: number) =>
  `${"- Keep the public API stable across minor versions.\n".repeat(Math.ceil(n / 52))}`.slice(
    0,
    n,
  );

const options = (dir: string, to: SyncOptions["to"]): SyncOptions => ({
  dir,
  from: "claude",
  to,
  kinds: ["instructions"],
});

/** The warnings the plan gives with `code`, as `path: message`. */
function said(dir: string, to: SyncOptions["to"], code: string): string[] {
  return planSync(options(dir, to))
    .warnings.filter((warning) => warning.code === code)
    .map((warning) => `${warning.path}: ${warning.message}`);
}

describe("problems a sync would make are warned before writing", () => {
  it("an AGENTS.md carried from a CLAUDE.md with three imports, together over Codex CLI's 32 KiB cap", () => {
    const dir = project({
      "CLAUDE.md": "# Project\n\n@docs/style.md\n@docs/review.md\n@docs/release.md\n",
      "docs/style.md": rules(15_000),
      "docs/review.md": rules(15_000),
      "docs/release.md": rules(15_000),
    });
    const [warning, ...rest] = said(dir, ["codex"], "over_client_limit");
    expect(rest).toEqual([]);
    expect(warning).toMatch(
      /^AGENTS\.md: after this sync, AGENTS\.md is cut at byte 32768 of \d+ by Codex CLI's cap of 32768 bytes on instruction files: its last \d+ bytes never reach the model$/,
    );
  });

  it("Windsurf's 6,000-character cap on one file, for the same AGENTS.md", () => {
    const dir = project({ "CLAUDE.md": rules(7_000) });
    // 7,000 characters of rules and the region's two marker lines.
    expect(said(dir, ["windsurf"], "over_client_limit")).toEqual([
      "AGENTS.md: after this sync, AGENTS.md is cut at character 6000 of 7084 by Windsurf's cap of 6000 characters on one instruction file: its last 1084 characters never reach the model",
    ]);
  });

  it("under the caps, nothing is said", () => {
    const dir = project({ "CLAUDE.md": rules(5_000) });
    expect(said(dir, ["codex", "windsurf"], "over_client_limit")).toEqual([]);
  });

  it("a file over the cap before the sync is the project's own: not said again", () => {
    const dir = project({ "CLAUDE.md": rules(7_000), "AGENTS.md": rules(40_000) });
    expect(said(dir, ["codex"], "over_client_limit")).toEqual([]);
  });
});
