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
  return [...message.matchAll(PATH_LIKE)].map(([path]) =>
    withoutTrailing(path, SENTENCE_PUNCTUATION),
  );
}

const SENTENCE_PUNCTUATION = new Set([".", ",", ";", ":", "!", "?"]);

/**
 * `text` without the run of `characters` at its end. A loop, not a pattern such as `/[.]+$/`,
 * which starts again at every character of a long inner run (quadratic).
 */
export function withoutTrailing(text: string, characters: ReadonlySet<string>): string {
  let end = text.length;
  while (end > 0 && characters.has(text.charAt(end - 1))) end -= 1;
  return end === text.length ? text : text.slice(0, end);
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

/** An entry of a {@link FileIndex}. */
interface IndexedFile<T> {
  readonly value: T;
  readonly order: number;
  node: PathNode<T>;
  live: boolean;
}

/** Entries by order; those before `front` are dead (or, for `here`, moved deeper) for good. */
interface OrderedEntries<T> {
  readonly items: IndexedFile<T>[];
  front: number;
}

/** A trie node: one path segment, counted from the last one. */
interface PathNode<T> {
  readonly depth: number;
  readonly children: Map<string, PathNode<T>>;
  /** Entries whose path ends here. */
  readonly here: OrderedEntries<T>;
  /** Entries whose path ends here or deeper. */
  readonly below: OrderedEntries<T>;
}

const newNode = <T>(depth: number): PathNode<T> => ({
  depth,
  children: new Map(),
  here: { items: [], front: 0 },
  below: { items: [], front: 0 },
});

/** A path's segments, last first, with back slashes read as forward ones. */
const segmentsFromEnd = (path: string): string[] => path.replace(/\\/g, "/").split("/").reverse();

/** Puts `entry` in order (entries mostly come in order, so this mostly appends). */
function insertByOrder<T>(list: OrderedEntries<T>, entry: IndexedFile<T>): void {
  let at = list.items.length;
  while (at > 0 && (list.items[at - 1] as IndexedFile<T>).order > entry.order) at -= 1;
  list.items.splice(at, 0, entry);
  if (at < list.front) list.front = at;
}

/** The first entry of `list` that `valid` holds for, skipping (for good) those before it. */
function frontOf<T>(
  list: OrderedEntries<T>,
  valid: (entry: IndexedFile<T>) => boolean,
): IndexedFile<T> | undefined {
  let entry = list.items[list.front];
  while (entry && !valid(entry)) {
    list.front += 1;
    entry = list.items[list.front];
  }
  return entry;
}

/**
 * Files by their path segments from the last one. `sameFile(a, b)` holds exactly when the
 * segments of one, last first, begin with those of the other, so the entries related to a path
 * lie on its way down this trie (shorter spellings) or below its node (longer ones): found by one
 * walk, not by comparing the path with every entry (which is quadratic for many mentions).
 */
export class FileIndex<T> {
  readonly #root: PathNode<T> = newNode(0);
  readonly #entries = new Map<T, IndexedFile<T>>();

  /** Adds `value` at `path`; among related entries, the lowest `order` is found first. */
  add(path: string, order: number, value: T): void {
    const entry: IndexedFile<T> = { value, order, node: this.#root, live: true };
    this.#entries.set(value, entry);
    this.#place(entry, path);
  }

  /** The entry `sameFile` relates to `path` with the lowest order, or `undefined`. */
  first(path: string): T | undefined {
    let best: IndexedFile<T> | undefined;
    const consider = (candidate: IndexedFile<T> | undefined) => {
      if (candidate && (!best || candidate.order < best.order)) best = candidate;
    };
    let node = this.#root;
    let whole = true;
    for (const segment of segmentsFromEnd(path)) {
      const next = node.children.get(segment);
      if (!next) {
        whole = false;
        break;
      }
      node = next;
      const at = node;
      consider(frontOf(node.here, (entry) => entry.live && entry.node === at));
    }
    if (whole) consider(frontOf(node.below, (entry) => entry.live));
    return best?.value;
  }

  /** Takes `value` out of the index. */
  delete(value: T): void {
    const entry = this.#entries.get(value);
    if (entry) entry.live = false;
    this.#entries.delete(value);
  }

  /** `value` is now spelled `path`, a longer spelling of the same file (its node lies below). */
  respell(value: T, path: string): void {
    const entry = this.#entries.get(value);
    if (entry) this.#place(entry, path);
  }

  #place(entry: IndexedFile<T>, path: string): void {
    const from = entry.node.depth;
    let node = this.#root;
    for (const segment of segmentsFromEnd(path)) {
      let next = node.children.get(segment);
      if (!next) {
        next = newNode<T>(node.depth + 1);
        node.children.set(segment, next);
      }
      node = next;
      // The nodes it was below already hold it: a new spelling only ever moves it deeper.
      if (node.depth > from) insertByOrder(node.below, entry);
    }
    entry.node = node;
    insertByOrder(node.here, entry);
  }
}
