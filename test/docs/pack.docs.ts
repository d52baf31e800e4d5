/**
 * `npm pack` in a fresh clone (no dist/, as git gives it) builds the package first: the tarball
 * holds every file package.json points to (entries, types, the bin). Without a `prepack` build it
 * held the sources' neighbours only, and nothing an import or the bin could load. Run by
 * `npm run test:docs` with the other checks of the packed package (a build takes a while).
 */
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const clone = mkdtempSync(join(tmpdir(), "contextfmt-clone-"));

afterAll(() => rmSync(clone, { recursive: true, force: true }));

/** The files a clone of the working tree has: tracked, and new ones git does not ignore. */
function cloneWorkingTree(): void {
  const files = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    {
      cwd: root,
      encoding: "utf8",
    },
  )
    .split("\0")
    // A tracked file deleted in the working tree is not in a clone of it either.
    .filter((file) => file !== "" && existsSync(join(root, file)));
  for (const file of files) {
    mkdirSync(join(clone, dirname(file)), { recursive: true });
    cpSync(join(root, file), join(clone, file));
  }
  // `npm ci` would install these; the clone borrows the repository's.
  symlinkSync(join(root, "node_modules"), join(clone, "node_modules"), "dir");
}

/** Every file package.json names: main, module, types, the bin, the exports and typesVersions. */
function namedFiles(): string[] {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const leaves = (value: unknown): string[] =>
    typeof value === "string"
      ? [value]
      : Array.isArray(value)
        ? value.flatMap(leaves)
        : typeof value === "object" && value !== null
          ? Object.values(value).flatMap(leaves)
          : [];
  return [
    ...new Set(
      [
        manifest.main,
        manifest.module,
        manifest.types,
        manifest.bin,
        manifest.exports,
        manifest.typesVersions,
      ]
        .flatMap(leaves)
        .filter((path) => path !== "./package.json")
        .map((path) => path.replace(/^\.\//, "")),
    ),
  ].sort();
}

describe("npm pack from a fresh clone", () => {
  it("builds dist/ first: every file package.json names is in the tarball", () => {
    cloneWorkingTree();
    const output = execFileSync("npm", ["pack", "--dry-run", "--json", "--loglevel=error"], {
      cwd: clone,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    // The build's own lines come first on stdout; npm's JSON report is the last thing printed.
    const [pack] = JSON.parse(output.slice(output.lastIndexOf("\n[\n") + 1)) as [
      { files: { path: string }[] },
    ];
    const packed = new Set(pack.files.map((file) => file.path));
    const named = namedFiles();
    expect(named).toContain("dist/bin/cli.cjs");
    expect(named.filter((path) => !packed.has(path))).toEqual([]);
  }, 900_000);
});
