#!/usr/bin/env node
// Installs the SDK packages whose types test/sdk-types checks the hook outputs against, only when
// one is missing or not at its pinned version: `npm test` runs this first, and an install that
// has nothing to do still costs npm's start and a walk of the tree.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = new URL("../test/sdk-types", import.meta.url).pathname;
const { devDependencies } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

function installed(name, version) {
  const manifest = join(dir, "node_modules", name, "package.json");
  return existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).version === version;
}

if (!Object.entries(devDependencies).every(([name, version]) => installed(name, version))) {
  execFileSync(
    "npm",
    [
      "install",
      "--prefix",
      dir,
      "--omit=optional",
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
    ],
    { stdio: "inherit" },
  );
}
