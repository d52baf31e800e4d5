/**
 * Paths in conversation text. One reading serves both active-project detection (any path) and
 * recent-file tracking (paths that name a file).
 */

/**
 * A path-like word: with a `/` or a `\`, or a file name with an extension. It may not start inside
 * another word or after `:`, `/` or `.`, so a URL (`https://host/a.py`) is not read as a path.
 */
const PATH_LIKE = /(?<![\w:/\\.~-])(?:[~.]?[\w.-]*[/\\][^\s'"`<>()]+|\b[\w-]+\.[A-Za-z]\w{0,7}\b)/g;

/** `name.ext` as the last segment: a file, not a folder. */
const FILE_NAME = /(?:^|[/\\])[\w-][\w.-]*\.[A-Za-z][A-Za-z0-9]{0,7}$/;

/** `e.g`, `i.e`: abbreviations that look like file names. */
const ABBREVIATION = /^[A-Za-z]\.[A-Za-z]$/;

/**
 * The path-like words of `message`, in order, without trailing sentence punctuation.
 *
 * @example
 * ```ts
 * pathsIn("Look at /srv/app/main.py, then src/lib."); // ["/srv/app/main.py", "src/lib"]
 * ```
 */
export function pathsIn(message: string): string[] {
  return [...message.matchAll(PATH_LIKE)].map(([path]) => path.replace(/[.,;:!?]+$/, ""));
}

/**
 * The file paths `message` mentions, in order, each once: path-like words whose last segment is
 * `name.ext`, with any `:line` or `:line:column` suffix removed.
 *
 * @example
 * ```ts
 * filePathsIn("Fixed src/a.ts:12 and README.md, e.g. in src/"); // ["src/a.ts", "README.md"]
 * ```
 */
export function filePathsIn(message: string): string[] {
  const files = pathsIn(message)
    .map((path) => path.replace(/(?::\d+){1,2}$/, ""))
    .filter((path) => FILE_NAME.test(path) && !ABBREVIATION.test(path));
  return [...new Set(files)];
}

/**
 * Whether two spellings name the same file: equal, or one is the other with leading folders
 * (`fact_memory.py` and `sam_brain/fact_memory.py`). Back slashes count as forward slashes.
 */
export function sameFile(a: string, b: string): boolean {
  const x = a.replace(/\\/g, "/");
  const y = b.replace(/\\/g, "/");
  return x === y || x.endsWith(`/${y}`) || y.endsWith(`/${x}`);
}
