import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Gives the run a temporary folder of its own, as `TMPDIR` for every test file and every bin
 * they spawn, and removes it with everything in it when the run ends: the projects, scripts and
 * caches the tests make are left behind nowhere, however a test ends. The user's state folder
 * (`XDG_STATE_HOME`, where the evidence of what sync and init wrote in each project lives) is in
 * it too: the tests run as one user of their own, and never read or write the real user's.
 * So are their home and config folders: doctor reports the user-level files each client reads
 * (`~/.claude/CLAUDE.md`, `$CODEX_HOME/AGENTS.md`), and the real user's must not change a test.
 */
export default function temporaryFolderOfRun(): () => void {
  const folder = mkdtempSync(join(tmpdir(), "contextfmt-test-run-"));
  process.env.TMPDIR = folder;
  const state = join(folder, "state");
  mkdirSync(state);
  process.env.XDG_STATE_HOME = state;
  const home = join(folder, "home");
  mkdirSync(home);
  process.env.HOME = home;
  process.env.XDG_CONFIG_HOME = join(home, ".config");
  delete process.env.CODEX_HOME;
  return () => rmSync(folder, { recursive: true, force: true });
}
