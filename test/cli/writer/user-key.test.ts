/** The user's key that signs the record: made once, private, never replaced, never waited on. */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UserKey, userKeyPath } from "../../../src/cli/writer/user-key.js";

const folder = () => mkdtempSync(join(tmpdir(), "contextfmt-config-"));

describe("UserKey", () => {
  it("is looked for in $XDG_CONFIG_HOME, else ~/.config (a relative one is ignored)", () => {
    expect(userKeyPath({ XDG_CONFIG_HOME: "/x/config" })).toBe("/x/config/contextfmt/record-key");
    expect(userKeyPath({ XDG_CONFIG_HOME: "config", HOME: "/home/u" })).toMatch(
      /\/\.config\/contextfmt\/record-key$/,
    );
  });

  it("is made on first need: 32 random bytes, mode 0600, in a folder of mode 0700; then the same", () => {
    const path = join(folder(), "contextfmt", "record-key");
    // Reading never makes it: nothing is signed, nothing verifies, and no problem is said.
    const absent = UserKey.read(path);
    expect([absent.sign("x"), absent.verifies("x", undefined), absent.problem]).toEqual([
      undefined,
      false,
      undefined,
    ]);
    expect(existsSync(path)).toBe(false);
    const key = UserKey.readOrCreate(path);
    expect(key.problem).toBeUndefined();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, "..")).mode & 0o777).toBe(0o700);
    expect(readFileSync(path).length).toBe(32);
    const signature = key.sign("entry") as string;
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(UserKey.readOrCreate(path).verifies("entry", signature)).toBe(true);
    expect(UserKey.read(path).verifies("entry!", signature)).toBe(false);
    // Another user's key signs otherwise.
    const other = UserKey.readOrCreate(join(folder(), "record-key"));
    expect(other.verifies("entry", signature)).toBe(false);
  });

  it("a file that is no key (another size, a folder, a FIFO) is a problem, never replaced or waited on", () => {
    const dir = folder();
    const short = join(dir, "short");
    writeFileSync(short, "not a key\n");
    expect(UserKey.readOrCreate(short).problem).toBe(
      `${short} is not a key of contextfmt's (32 bytes)`,
    );
    expect(readFileSync(short, "utf8")).toBe("not a key\n");
    expect(UserKey.readOrCreate(dir).problem).toBe(
      `${dir} is not a key of contextfmt's (32 bytes)`,
    );
    const fifo = join(dir, "fifo");
    execFileSync("mkfifo", [fifo]);
    const key = UserKey.readOrCreate(fifo);
    expect(key.problem).toBe(`${fifo} is not a key of contextfmt's (32 bytes)`);
    expect(key.sign("x")).toBeUndefined();
  });
});
