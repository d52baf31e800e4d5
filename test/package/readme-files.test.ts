import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;

describe("the package is complete without the repository", () => {
  it("every file the README points a user to is in the package", () => {
    const readme = readFileSync(new URL("README.md", `file://${root}`), "utf8");
    // The Develop section is for people working on the repository itself.
    const forUsers = readme.slice(0, readme.indexOf("## Develop"));
    const named = [...forUsers.matchAll(/`((?:examples|docs|test|scripts|bench|src)\/[\w./*-]+)`/g)]
      .map((m) => m[1] as string)
      .filter((path) => !path.includes("SPEC.md"));
    expect(named.length).toBeGreaterThan(3);
    const [pack] = JSON.parse(
      execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
        cwd: root,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }),
    ) as [{ files: { path: string }[] }];
    const shipped = pack.files.map((file) => file.path);
    for (const path of named) {
      const pattern = new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/\*/g, "[^/]*")}`);
      expect(
        shipped.some((file) => pattern.test(file)),
        path,
      ).toBe(true);
    }
  });
});
