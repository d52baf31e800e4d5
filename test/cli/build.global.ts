import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("../..", import.meta.url).pathname;

/** Everything the build reads: the sources, its config, the manifest and the locked versions. */
const INPUTS = ["src", "tsup.config.ts", "tsconfig.json", "package.json", "package-lock.json"];

/** Where the hash of the inputs of the last build is kept (not in dist/, which is published). */
const STAMP = join(root, "node_modules/.cache/contextfmt/dist-inputs");

/** A hash of every input file's path and bytes, in a fixed order. */
function inputsHash(): string {
  const hash = createHash("sha256");
  for (const path of INPUTS) {
    const full = join(root, path);
    if (path === "src") {
      const files = readdirSync(full, { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name))
        .sort();
      for (const file of files) hash.update(`${file}\0`).update(readFileSync(file));
    } else if (existsSync(full)) {
      hash.update(`${path}\0`).update(readFileSync(full));
    }
  }
  return hash.digest("hex");
}

/**
 * Builds the package (the `contextfmt` bin among it) before any test runs the built files, from
 * a clean dist/ as `npm run build` does. A build of the very same inputs is kept: running one
 * test file then costs no build, and `npm test` builds once for the tests and the package checks.
 */
export default function buildOnce(): void {
  const inputs = inputsHash();
  const built = existsSync(STAMP) && readFileSync(STAMP, "utf8") === inputs;
  if (
    built &&
    ["dist/index.js", "dist/bin/cli.cjs"].every((file) => existsSync(join(root, file)))
  ) {
    return;
  }
  rmSync(STAMP, { force: true });
  rmSync(join(root, "dist"), { recursive: true, force: true });
  execFileSync(process.execPath, ["node_modules/tsup/dist/cli-default.js"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  mkdirSync(join(STAMP, ".."), { recursive: true });
  writeFileSync(STAMP, inputs);
}
