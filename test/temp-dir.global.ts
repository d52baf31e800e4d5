import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Gives the run a temporary folder of its own, as `TMPDIR` for every test file and every bin
 * they spawn, and removes it with everything in it when the run ends: the projects, scripts and
 * caches the tests make are left behind nowhere, however a test ends. The user's configuration
 * folder (`XDG_CONFIG_HOME`, where the key that signs the record lives) is in it too: the tests
 * run as one user of their own, and never read or make the real user's key.
 */
export default function temporaryFolderOfRun(): () => void {
  const folder = mkdtempSync(join(tmpdir(), "contextfmt-test-run-"));
  process.env.TMPDIR = folder;
  const config = join(folder, "config");
  mkdirSync(config);
  process.env.XDG_CONFIG_HOME = config;
  return () => rmSync(folder, { recursive: true, force: true });
}
