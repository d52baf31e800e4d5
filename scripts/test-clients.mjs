#!/usr/bin/env node
// Installs the real Claude Code, Codex, Gemini, Copilot, Qwen Code, OpenCode, Cline, Kilo Code, Pi
// and Continue CLIs (pinned versions) into .clients/, then runs the checks in test/clients/: configs rendered by
// this library must read back as intended.
// The CLIs only read configuration here; nothing needs the network once they are installed.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// The pinned clients, by tool id: docs/support.md is generated from the same file.
const CLIENTS = Object.fromEntries(
  Object.values(JSON.parse(readFileSync(new URL("./clients.json", import.meta.url), "utf8"))).map(
    ({ package: name, version }) => [name, version],
  ),
);

const root = new URL("..", import.meta.url).pathname;
const dir = join(root, ".clients");

function installed(name, version) {
  const manifest = join(dir, "node_modules", name, "package.json");
  return existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).version === version;
}

if (!Object.entries(CLIENTS).every(([name, version]) => installed(name, version))) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    `${JSON.stringify({ name: "contextfmt-clients", private: true, dependencies: CLIENTS }, null, 2)}\n`,
  );
  console.log(
    `installing ${Object.entries(CLIENTS)
      .map(([n, v]) => `${n}@${v}`)
      .join(", ")} into .clients/`,
  );
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: dir,
    stdio: "inherit",
  });
}

try {
  execFileSync("npx", ["vitest", "run", "--config", "test/clients/vitest.config.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, CONTEXTFMT_CLIENTS: join(dir, "node_modules", ".bin") },
  });
} catch {
  process.exit(1);
}
