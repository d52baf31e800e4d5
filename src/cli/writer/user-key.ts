/**
 * The user's own key, kept outside every project (`$XDG_CONFIG_HOME/contextfmt/record-key`, or
 * `~/.config/contextfmt/record-key`): it signs each entry of the record of what contextfmt wrote,
 * so a record that came with a clone, or a teammate's, is told from this user's. A repository can
 * ship any bytes it likes inside the project, never this file, as `ssh` keeps its keys in the
 * home folder and not in the repository it works on.
 */
import { createHmac, randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { reasonOf } from "./project.js";

const KEY_BYTES = 32;

/** Where the key is, by the environment: `$XDG_CONFIG_HOME`, or `~/.config` without it. */
export function userKeyPath(env: NodeJS.ProcessEnv = process.env): string {
  const config = env.XDG_CONFIG_HOME?.startsWith("/")
    ? env.XDG_CONFIG_HOME
    : join(homedir(), ".config");
  return join(config, "contextfmt", "record-key");
}

/**
 * The key that signs record entries, or why there is none to sign or check with. A key that is
 * simply not there yet is no problem: it has signed nothing, so nothing verifies, rightly.
 */
export class UserKey {
  readonly #secret: Buffer | undefined;

  private constructor(
    /** Where it is (or would be), for messages. */
    readonly path: string,
    secret: Buffer | undefined,
    /** Why there is no key to sign with, when the user should hear of it. */
    readonly problem: string | undefined,
  ) {
    this.#secret = secret;
  }

  /** The key when there is one; never creates it (doctor, `sync --check`, `--dry-run`). */
  static read(path = userKeyPath()): UserKey {
    const read = readKey(path);
    return new UserKey(path, "secret" in read ? read.secret : undefined, read.problem);
  }

  /**
   * The key, created on first need (mode 0600, in a folder of mode 0700, whole or not at all:
   * two runs at once both end with the one that got there first). A key that cannot be read or
   * made leaves `problem` saying why.
   */
  static readOrCreate(path = userKeyPath()): UserKey {
    const read = readKey(path);
    if ("secret" in read) return new UserKey(path, read.secret, undefined);
    if (read.problem !== undefined) return new UserKey(path, undefined, read.problem);
    const folder = join(path, "..");
    const temporary = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      writeFileSync(temporary, randomBytes(KEY_BYTES), { mode: 0o600, flag: "wx" });
      try {
        // A link, not a rename: a key another run made meanwhile is never replaced.
        linkSync(temporary, path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      } finally {
        unlinkSync(temporary);
      }
    } catch (error) {
      return new UserKey(path, undefined, `cannot make ${path}: ${reasonOf(error)}`);
    }
    return UserKey.read(path);
  }

  /** The signature of `text` (HMAC-SHA256, hex), or undefined without a key. */
  sign(text: string): string | undefined {
    return this.#secret && createHmac("sha256", this.#secret).update(text).digest("hex");
  }

  /** Whether this key signed `text` as `signature`; never, without a key. */
  verifies(text: string, signature: string | undefined): boolean {
    const own = this.sign(text);
    return own !== undefined && signature === own;
  }
}

/** The key's bytes; `{}` when there is no file; a problem when it cannot be read or is no key. */
function readKey(path: string): { secret: Buffer; problem?: undefined } | { problem?: string } {
  let fd: number;
  try {
    // Not blocking: a FIFO at the key's place is no key, not a wait.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return {};
    return { problem: `cannot read ${path}: ${reasonOf(error)}` };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size !== KEY_BYTES) {
      return { problem: `${path} is not a key of contextfmt's (${KEY_BYTES} bytes)` };
    }
    const secret = Buffer.alloc(KEY_BYTES);
    if (readSync(fd, secret, 0, KEY_BYTES, 0) !== KEY_BYTES) {
      return { problem: `${path} is not a key of contextfmt's (${KEY_BYTES} bytes)` };
    }
    return { secret };
  } catch (error) {
    return { problem: `cannot read ${path}: ${reasonOf(error)}` };
  } finally {
    closeSync(fd);
  }
}
