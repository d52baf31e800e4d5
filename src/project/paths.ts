/**
 * Paths in conversation text. One reading serves both active-project detection (any path) and
 * recent-file tracking (paths that name a file).
 */
import { withoutTrailing } from "../formats/escape.js";
import { NumberTrie } from "./number-trie.js";

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

/** A trie of paths by segment: a {@link NumberTrie} whose keys are the segments' ids. */
export class SegmentTrie {
  readonly #ids = new Map<string, number>();
  readonly #trie = new NumberTrie();

  /** The root: the empty path. */
  readonly root = 0;

  /** The child of `node` along `segment`, or `undefined`. */
  child(node: number, segment: string): number | undefined {
    const id = this.#ids.get(segment);
    return id === undefined ? undefined : this.#trie.child(node, id);
  }

  /** The child of `node` along `segment`, made if it is not there. */
  grow(node: number, segment: string): number {
    let id = this.#ids.get(segment);
    if (id === undefined) {
      id = this.#ids.size;
      this.#ids.set(segment, id);
    }
    return this.#trie.grow(node, id);
  }

  depth(node: number): number {
    return this.#trie.depth(node);
  }
}

/** A path's segments, last first, with back slashes read as forward ones. */
const segmentsFromEnd = (path: string): string[] => path.replace(/\\/g, "/").split("/").reverse();

/**
 * Lists of entry numbers kept in arrays of numbers: per list its first and last cell, per cell
 * its entry and the next cell. Lists are in entry order; cells before a list's first are gone for
 * good.
 */
class EntryLists {
  readonly #first = new Map<number, number>();
  readonly #last = new Map<number, number>();
  readonly #entry: number[] = [];
  readonly #next: number[] = [];

  /** Appends `entry` to list `list`, or puts it in order when it is lower than the last one. */
  add(list: number, entry: number): void {
    const cell = this.#entry.length;
    this.#entry.push(entry);
    this.#next.push(-1);
    const first = this.#first.get(list);
    const last = this.#last.get(list);
    if (first === undefined || last === undefined) {
      this.#first.set(list, cell);
      this.#last.set(list, cell);
    } else if ((this.#entry[last] as number) < entry) {
      this.#next[last] = cell;
      this.#last.set(list, cell);
    } else if ((this.#entry[first] as number) > entry) {
      this.#next[cell] = first;
      this.#first.set(list, cell);
    } else {
      let at = first;
      while (
        (this.#next[at] as number) >= 0 &&
        (this.#entry[this.#next[at] as number] as number) < entry
      ) {
        at = this.#next[at] as number;
      }
      this.#next[cell] = this.#next[at] as number;
      this.#next[at] = cell;
    }
  }

  /** The first entry of `list` that `valid` holds for; the ones before it are dropped for good. */
  front(list: number, valid: (entry: number) => boolean): number | undefined {
    let cell = this.#first.get(list);
    while (cell !== undefined && cell >= 0 && !valid(this.#entry[cell] as number)) {
      cell = this.#next[cell] as number;
    }
    if (cell === undefined || cell < 0) {
      this.#first.delete(list);
      this.#last.delete(list);
      return undefined;
    }
    this.#first.set(list, cell);
    return this.#entry[cell];
  }
}

/**
 * Files by their path segments from the last one. `sameFile(a, b)` holds exactly when the
 * segments of one, last first, begin with those of the other, so the entries related to a path
 * lie on its way down this trie (shorter spellings) or below its node (longer ones): found by one
 * walk, not by comparing the path with every entry (which is quadratic for many mentions).
 */
export class FileIndex<T> {
  readonly #trie = new SegmentTrie();
  /** Per entry, by its number (its order): value, node, and whether it is still in. */
  readonly #values = new Map<number, T>();
  readonly #node = new Map<number, number>();
  readonly #numbers = new Map<T, number>();
  /** Entries whose path ends at a node; entries whose path ends at or below it. */
  readonly #here = new EntryLists();
  readonly #below = new EntryLists();

  /**
   * Adds `value` at `path` as entry number `order` (unique); among related entries, the lowest
   * order is found first.
   */
  add(path: string, order: number, value: T): void {
    this.#values.set(order, value);
    this.#numbers.set(value, order);
    this.#place(order, path, 0);
  }

  /** The entry `sameFile` relates to `path` with the lowest order, or `undefined`. */
  first(path: string): T | undefined {
    let best: number | undefined;
    const consider = (candidate: number | undefined) => {
      if (candidate !== undefined && (best === undefined || candidate < best)) best = candidate;
    };
    const live = (entry: number) => this.#values.has(entry);
    let node = this.#trie.root;
    let whole = true;
    for (const segment of segmentsFromEnd(path)) {
      const next = this.#trie.child(node, segment);
      if (next === undefined) {
        whole = false;
        break;
      }
      node = next;
      const at = node;
      consider(this.#here.front(at, (entry) => live(entry) && this.#node.get(entry) === at));
    }
    if (whole) consider(this.#below.front(node, live));
    return best === undefined ? undefined : this.#values.get(best);
  }

  /** Takes `value` out of the index. */
  delete(value: T): void {
    const order = this.#numbers.get(value);
    if (order === undefined) return;
    this.#numbers.delete(value);
    this.#values.delete(order);
    this.#node.delete(order);
  }

  /** `value` is now spelled `path`, a longer spelling of the same file (its node lies below). */
  respell(value: T, path: string): void {
    const order = this.#numbers.get(value);
    if (order === undefined) return;
    const from = this.#trie.depth(this.#node.get(order) ?? 0);
    this.#place(order, path, from);
  }

  /** Puts entry `order` at `path`'s node, and in the lists of the nodes deeper than `from`. */
  #place(order: number, path: string, from: number): void {
    let node = this.#trie.root;
    for (const segment of segmentsFromEnd(path)) {
      node = this.#trie.grow(node, segment);
      // The nodes it was below already list it: a new spelling only ever moves it deeper.
      if (this.#trie.depth(node) > from) this.#below.add(node, order);
    }
    this.#node.set(order, node);
    this.#here.add(node, order);
  }
}
