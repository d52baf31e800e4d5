import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import Module from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { cachedDataVersionTag } from "node:v8";
import { Script } from "node:vm";

/**
 * This user's cache directory, made private on first use; `undefined` when it cannot be made or
 * is not private (owned by someone else, or writable by others): V8 would run what is cached
 * there, so only this user may write it.
 */
function cacheDirectory(): string | undefined {
  // The switch Node's own compile cache honours.
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  const dir = join(tmpdir(), `contextfmt-compile-cache-${uid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = statSync(dir);
    return stat.uid === uid && (stat.mode & 0o077) === 0 ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The cache files' name for the bundle at `file`: its name and a hash of its path. Two installs
 * (a global one and a project's, or two projects' versions) each keep their own cache: with one
 * name for both, each start of one would find the other's cache, compile again and replace it.
 */
function bundleKey(file: string): string {
  // FNV-1a, 32 bits: a name, not a secret (V8 checks the cache against the source itself).
  let hash = 0x811c9dc5;
  for (let i = 0; i < file.length; i += 1) {
    hash = Math.imul(hash ^ file.charCodeAt(i), 0x01000193);
  }
  return `${basename(file)}-${(hash >>> 0).toString(16).padStart(8, "0")}`;
}

/**
 * Removes the caches of earlier builds or Node versions of the same bundle (same path, a name
 * that does not start with `build`), so the directory holds one file per installed bundle and
 * set of V8 flags however often the package is upgraded.
 */
function removeStale(dir: string, bundle: string, build: string): void {
  for (const name of readdirSync(dir)) {
    if (name.startsWith(`${bundle}-`) && !name.startsWith(build) && name.endsWith(".bin")) {
      rmSync(join(dir, name), { force: true });
    }
  }
}

/**
 * Requires the bundled CommonJS file `file` with V8's compiled code cached between runs, as Node
 * 22's `module.enableCompileCache()` does: a hook starts about 10 ms sooner when its code need not
 * be compiled again. The cache is written once the process ends (so it holds every function that
 * ran), keyed by the file's path, size and time, by the Node version and by V8's tag of its
 * version and flags; V8 itself rejects a cache that does not match the source. Without a usable
 * cache directory it is a plain require.
 *
 * The flags are in the key because V8 rejects code cached under other flags: `hook` turns off
 * the optimizing compilers and `hook --exact` does not, and with one file for both, each call
 * of one would compile the bundle again and replace the other's cache (measured: ~8 ms of a
 * hook's start instead of ~2, plus writing the cache at exit).
 */
export function requireCompiled(file: string): unknown {
  const dir = cacheDirectory();
  if (!dir) return Module.createRequire(__filename)(file);
  const { size, mtimeMs } = statSync(file);
  const bundle = bundleKey(file);
  const build = `${bundle}-${size}-${Math.round(mtimeMs)}-${process.version}-${process.arch}-`;
  const cacheFile = join(dir, `${build}${cachedDataVersionTag()}.bin`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The bundle starts with the bin's #! line, which is not JavaScript inside a function.
  const source = readFileSync(file, "utf8").replace(/^#!/, "//");
  const script = new Script(Module.wrap(source), {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, Module.createRequire(file), module, file, dirname(file));
  if (!cachedData || script.cachedDataRejected) {
    process.once("exit", () => {
      try {
        const temporary = `${cacheFile}.${process.pid}`;
        writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
        renameSync(temporary, cacheFile);
        removeStale(dir, bundle, build);
      } catch {
        // A cache that cannot be written only costs the next start its compile time.
      }
    });
  }
  return module.exports;
}
