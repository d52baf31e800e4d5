/**
 * The ignore file each client reads (`.geminiignore`, `.kilocodeignore`, …): where, and how many
 * patterns it holds, and the lines the client reads otherwise than git reads a `.gitignore`
 * (Kilo Code lets a `!` line win wherever it stands). A region sync wrote there and someone
 * edited since is sync-check's `out_of_sync`, as for every file sync writes.
 */
import { ignoreLines } from "../sync/ignore-files.js";
import type { ProjectView } from "../sync/loads/view.js";
import { SYNC_TOOL_PLACES, type SyncTool } from "../sync/locations.js";
import type { DoctorProblem, IgnoreReport } from "./report.js";

/** A pattern's path as git compares it: no `!`, no leading or trailing `/`. */
function bare(line: string): string {
  let from = line.startsWith("!") ? 1 : 0;
  let to = line.length;
  // Index loops, not `/\/+$/`: a regex anchored at the end rescans a run of slashes from each.
  while (from < to && line[from] === "/") from += 1;
  while (to > from && line[to - 1] === "/") to -= 1;
  return line.slice(from, to);
}

/** Whether a pattern names one path, with no wildcard or escape in it. */
const literal = (path: string) => path !== "" && !/[*?[\]\\]/.test(path);

/**
 * A line as a message quotes it: at most 60 characters, so a file of many `!` lines before one
 * long line makes messages as long as the file, not its square.
 */
function quoted(line: string): string {
  if (line.length <= 60) return line;
  const high = line.charCodeAt(59);
  return `${line.slice(0, high >= 0xd800 && high <= 0xdbff ? 59 : 60)}…`;
}

/** The folders literal lines leave out, by path part: the line of each folder a path ends at. */
interface FolderTrie {
  line?: number;
  readonly parts: Map<string, FolderTrie>;
}

/**
 * The ignore file `client` reads, with its patterns counted; undefined when the client reads
 * none. Each `!` line it reads otherwise than git (see {@link negationsReadOtherwise}) adds a
 * `read_otherwise` problem to `problems`.
 */
export function clientIgnore(
  view: ProjectView,
  client: SyncTool,
  problems: DoctorProblem[],
): IgnoreReport | undefined {
  const place = SYNC_TOOL_PLACES[client].ignore;
  if (place === undefined) return undefined;
  const text = view.text(place.path);
  if (text === undefined) return { path: place.path, exists: false, patterns: 0 };
  const lines = ignoreLines(text);
  if (place.negation !== undefined) {
    for (const { line, because } of negationsReadOtherwise(text, place.path)) {
      problems.push({
        code: "read_otherwise",
        client,
        path: place.path,
        message: `${line}: ${place.negation}: ${because}`,
      });
    }
  }
  return { path: place.path, exists: true, patterns: lines.length };
}

/**
 * The `!` lines of an ignore file that a client letting them win wherever they stand reads
 * otherwise than git: one with a line after it (in git the last matching line decides), or one
 * inside a folder an earlier line leaves out whole (git re-includes nothing there). Each with
 * its place (`.kilocodeignore line 3: !keep.pem`) and why. Linear: each line once, and each `!`
 * line's folders once.
 */
export function negationsReadOtherwise(
  text: string,
  path: string,
): { readonly line: string; readonly because: string }[] {
  // Numbered as the file has them, blank lines and comments included.
  const said = text
    .split("\n")
    .map((line, at) => ({ line: line.replace(/\r$/, "").trim(), number: at + 1 }))
    .filter(({ line }) => line !== "" && !line.startsWith("#"));
  let lastDeny: { line: string; number: number } | undefined;
  for (const entry of said) if (!entry.line.startsWith("!")) lastDeny = entry;
  const folders: FolderTrie = { parts: new Map() };
  const found: { line: string; because: string }[] = [];
  for (const { line, number } of said) {
    const pattern = bare(line);
    const parts = pattern.split("/");
    if (!line.startsWith("!")) {
      if (!literal(pattern)) continue;
      let node = folders;
      for (const part of parts) {
        let next = node.parts.get(part);
        if (next === undefined) {
          next = { parts: new Map() };
          node.parts.set(part, next);
        }
        node = next;
      }
      node.line ??= number;
      continue;
    }
    // The nearest folder above the path that a line leaves out: each part looked up once.
    let inside: { readonly folder: string; readonly line: number } | undefined;
    let node: FolderTrie | undefined = folders;
    for (let at = 0; at < parts.length - 1 && node !== undefined; at += 1) {
      node = node.parts.get(parts[at] as string);
      if (node?.line !== undefined) {
        inside = { folder: parts.slice(0, at + 1).join("/"), line: node.line };
        break;
      }
    }
    const where = `${path} line ${number}: ${quoted(line)}`;
    if (inside !== undefined) {
      found.push({
        line: where,
        because: `it re-includes files of ${quoted(inside.folder)}/, which line ${inside.line} leaves out whole, where git re-includes none`,
      });
    } else if (lastDeny !== undefined && lastDeny.number > number) {
      found.push({
        line: where,
        because: `it wins over line ${lastDeny.number} (${quoted(lastDeny.line)}) too, which git would let decide the files both match`,
      });
    }
  }
  return found;
}
