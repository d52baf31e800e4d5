/**
 * Which imported files sync may carry into a target's instruction file. That file (`AGENTS.md`)
 * is meant to be committed, so an import carries text, not secrets: the repository's own data
 * (`.git` and the other version control folders), dotenv files, files git ignores and files over
 * {@link MAX_IMPORT_BYTES} are left out, each with its reason. The tool that imports reads them
 * on the user's machine; a committed copy would hand them to everyone who clones.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, realpathSync, statSync } from "node:fs";
import { delimiter, isAbsolute, join, posix, sep } from "node:path";
import type { Project } from "../workspace/project.js";

/**
 * The largest imported file carried: 32 KiB, Codex CLI's cap on all the instruction text it
 * reads (`project_doc_max_bytes`). A bigger file cannot reach that model whole, and one that
 * size is data (a log, a lock file, a dump) rather than instructions.
 */
export const MAX_IMPORT_BYTES = 32 * 1024;

/**
 * A dotenv file by its name: `.env`, `.env.local` and every other `.env.*` (an example too: a
 * name cannot tell a filled copy from a template), direnv's `.envrc`, and `*.env` (Docker's
 * `env_file`).
 */
const DOTENV = /^\.env(?:rc)?$|^\.env\.|\.env$/i;

/**
 * Why file `path` (relative to the project) is not carried, by what its name and size say, or
 * undefined when they say nothing against it. The path is looked at as written and as its links
 * lead, so a link cannot disguise `.git/config` or `.env` as `docs/notes.md`.
 */
export function whyNotCarried(project: Project, path: string): string | undefined {
  // Version control's data (a remote URL's token, the user's name and e-mail, every branch's
  // history) is outside the project, as the path is written and as its links lead: refused here.
  const located = project.locate(path);
  if ("refused" in located) return located.refused;
  const real = project.relative(located.real);
  const through = real === path ? "" : `it is ${real} (through a link): `;
  if (DOTENV.test(posix.basename(path)) || DOTENV.test(posix.basename(real))) {
    return `${through}a dotenv file, where secrets are kept`;
  }
  const { size } = statSync(located.real);
  if (size > MAX_IMPORT_BYTES) {
    return `${kibibytes(size)} is over the ${kibibytes(MAX_IMPORT_BYTES)} an imported file may have (Codex CLI reads ${kibibytes(MAX_IMPORT_BYTES)} of instructions in all)`;
  }
  return undefined;
}

const kibibytes = (bytes: number) => `${(bytes / 1024).toFixed(1).replace(/\.0$/, "")} KiB`;

/**
 * The untracked files git ignores among the paths named after it, NUL-separated. A repository's
 * config may name a command git runs on reading the index (`core.fsmonitor`): it is turned off.
 */
const LS_IGNORED = [
  "-c",
  "core.fsmonitor=false",
  "ls-files",
  "-z",
  "--others",
  "--ignored",
  "--exclude-standard",
];

/** How many characters of paths one `git` call is given: well under Windows' 32,767. */
const PATHS_PER_CALL = 16_000;

/**
 * Which of `paths` git ignores, as a check of one path: why it is not carried, or undefined.
 * Git itself answers (`git ls-files --others --ignored --exclude-standard`), so every
 * `.gitignore` on the way, `.git/info/exclude` and the user's global excludes count, as do
 * negations and anchors, and a tracked file is never ignored. Each path is asked as written and
 * as its links lead. Without git on PATH, or outside a git work tree, nothing is ignored; when
 * git fails otherwise, every path is left out, since none can be said to be committed.
 */
export function gitIgnored(
  project: Project,
  paths: readonly string[],
): (path: string) => string | undefined {
  const asked = new Map<string, string[]>();
  for (const path of paths) {
    const located = project.locate(path);
    const real = "refused" in located ? path : project.relative(located.real);
    asked.set(path, real === path ? [path] : [path, real]);
  }
  const all = [...new Set([...asked.values()].flat())];
  const git = all.length === 0 ? undefined : gitOnPath(project.root);
  if (git === undefined) return () => undefined;
  const ignored = new Set<string>();
  for (const batch of batches(all)) {
    const run = spawnSync(git, [...LS_IGNORED, "--", ...batch], {
      cwd: project.root,
      encoding: "utf8",
      env: { ...process.env, GIT_LITERAL_PATHSPECS: "1", LC_ALL: "C", LANGUAGE: "" },
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 60_000,
    });
    if (run.status === 0) {
      for (const path of run.stdout.split("\0")) if (path !== "") ignored.add(path);
      continue;
    }
    if (run.status === 128 && /not a git repository/.test(run.stderr ?? "")) return () => undefined;
    const said = (run.stderr?.split("\n")[0] ?? "").trim() || (run.error?.message ?? "no answer");
    const why = `git could not say whether it is ignored (${said})`;
    return () => why;
  }
  return (path) =>
    asked.get(path)?.some((each) => ignored.has(each))
      ? "ignored by git, so not meant to be committed"
      : undefined;
}

/** `paths` in runs of at most {@link PATHS_PER_CALL} characters (one path alone may be more). */
function batches(paths: readonly string[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const path of paths) {
    if (current.length > 0 && length + path.length > PATHS_PER_CALL) {
      out.push(current);
      current = [];
      length = 0;
    }
    current.push(path);
    length += path.length + 1;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/**
 * The absolute path of `git` in a PATH folder outside the project, or undefined. Not looked up
 * by the system: Windows tries the current folder first, and PATH may hold a folder of the
 * project (`node_modules/.bin` under npm), where a cloned repository could put its own `git`.
 */
function gitOnPath(root: string): string | undefined {
  const name = process.platform === "win32" ? "git.exe" : "git";
  for (const folder of (process.env.PATH ?? "").split(delimiter)) {
    if (!isAbsolute(folder)) continue;
    try {
      const real = realpathSync(folder);
      if (real === root || real.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)) continue;
      const file = join(real, name);
      accessSync(file, constants.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {
      // No such folder, or no git to run in it: the next one.
    }
  }
  return undefined;
}
