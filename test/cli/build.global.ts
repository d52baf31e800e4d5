import { execFileSync } from "node:child_process";

/** Builds the package (the `contextfmt` bin among it) before any test runs the built files. */
export default function buildOnce(): void {
  execFileSync(process.execPath, ["node_modules/tsup/dist/cli-default.js"], {
    cwd: new URL("../..", import.meta.url).pathname,
    stdio: ["ignore", "ignore", "inherit"],
  });
}
