import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";

/**
 * A new temporary folder holding `files` (text or bytes, by relative path) and `links` (relative
 * path → the target written into the link, relative to the link's folder or absolute).
 */
export function project(
  files: Record<string, string | Buffer> = {},
  links: Record<string, string> = {},
): string {
  const dir = mkdtempSync(join(tmpdir(), "contextfmt-project-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  for (const [path, target] of Object.entries(links)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    symlinkSync(target, join(dir, path));
  }
  return dir;
}

/**
 * Everything below `dir`, by relative path: a file's text, a link as `-> target` (not followed),
 * an empty folder as `(folder)`. Two trees are equal when nothing was written, moved or left over.
 */
export function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    const entries = readdirSync(at, { withFileTypes: true });
    if (entries.length === 0 && at !== dir) out[relative(dir, at)] = "(folder)";
    for (const entry of entries) {
      const full = join(at, entry.name);
      if (lstatSync(full).isSymbolicLink()) out[relative(dir, full)] = `-> ${readlinkSync(full)}`;
      else if (entry.isDirectory()) walk(full);
      else out[relative(dir, full)] = readFileSync(full, "latin1");
    }
  };
  walk(dir);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}
