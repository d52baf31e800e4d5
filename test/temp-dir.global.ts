import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Gives the run a temporary folder of its own, as `TMPDIR` for every test file and every bin
 * they spawn, and removes it with everything in it when the run ends: the projects, scripts and
 * caches the tests make are left behind nowhere, however a test ends.
 */
export default function temporaryFolderOfRun(): () => void {
  const folder = mkdtempSync(join(tmpdir(), "contextfmt-test-run-"));
  process.env.TMPDIR = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
