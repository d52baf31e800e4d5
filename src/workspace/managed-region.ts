/**
 * The part of an instruction file (CLAUDE.md, AGENTS.md, GEMINI.md) that contextfmt writes,
 * between two HTML comments no markdown renderer shows. Everything outside it is the user's.
 * A marker counts only alone on its line, so prose that quotes one is text; a file may hold one
 * region, and anything else (two, nested, one without the other) is an error naming the lines.
 * An ignore file (`.geminiignore`) holds its region between two comment lines of its own syntax.
 */
import { InputFileError } from "../hooks/input-text.js";
import { lineEndingOf } from "./same-value.js";

export const REGION_BEGIN = "<!-- contextfmt:begin -->";
export const REGION_END = "<!-- contextfmt:end -->";

/** The two lines that open and close a region, each a comment in the file's syntax. */
export interface RegionMarkers {
  readonly begin: string;
  readonly end: string;
}

/** An instruction file's markers: HTML comments, which no markdown renderer shows. */
export const MARKDOWN_MARKERS: RegionMarkers = { begin: REGION_BEGIN, end: REGION_END };
/** An ignore file's markers: comment lines, as git reads them. */
export const IGNORE_MARKERS: RegionMarkers = {
  begin: "# contextfmt:begin",
  end: "# contextfmt:end",
};
/**
 * Inside the region, the line before the instructions carried from another tool; what comes
 * before it is the rules. A run that writes only one of the two keeps the other as it is, and a
 * region of rules alone reads as it did before instructions were carried.
 */
export const INSTRUCTIONS_MARK = "<!-- contextfmt:instructions -->";

/** A marker line: the marker with nothing but blanks around it. */
const markerOf = (line: string, markers: RegionMarkers) => {
  const text = line.trim();
  return text === markers.begin || text === markers.end ? text : undefined;
};

/** The offsets of the region's inside: from after the begin line to the start of the end line. */
interface Region {
  readonly start: number;
  readonly end: number;
}

/** Up to a few line numbers, then how many in all. */
function lines(found: readonly number[]): string {
  const shown = found.slice(0, 5).join(", ");
  return found.length > 5 ? `${shown}, … (${found.length} in all)` : shown;
}

/** The file's one region, undefined when it has no marker, an error when its markers are wrong. */
function findRegion(path: string, text: string, markers: RegionMarkers): Region | undefined {
  const begins: { line: number; after: number }[] = [];
  const ends: { line: number; start: number }[] = [];
  let line = 1;
  for (let start = 0; start < text.length; line++) {
    const newline = text.indexOf("\n", start);
    const after = newline === -1 ? text.length : newline + 1;
    const marker = markerOf(text.slice(start, after), markers);
    if (marker === markers.begin) begins.push({ line, after });
    else if (marker === markers.end) ends.push({ line, start });
    start = after;
  }
  if (begins.length === 0 && ends.length === 0) return undefined;
  const [begin] = begins;
  const [end] = ends;
  if (begins.length === 1 && ends.length === 1 && begin && end && begin.line < end.line) {
    return { start: begin.after, end: end.start };
  }
  const where = (name: string, found: readonly { line: number }[]) =>
    found.length === 0
      ? `no ${name} line`
      : `${name} on line${found.length > 1 ? "s" : ""} ${lines(found.map((f) => f.line))}`;
  throw new InputFileError(
    `${path}: expected one "${markers.begin}" line, then one "${markers.end}" line (each alone on its line), found ${where("begin", begins)} and ${where("end", ends)}; nothing written`,
  );
}

/**
 * The user's own text of an instruction file: everything outside the managed region, as it
 * stands (the same text when the file has no region); see {@link removeManagedRegion}.
 */
export function outsideRegion(path: string, text: string): string {
  return removeManagedRegion(path, text)?.text ?? text;
}

/** Where the begin line starts and the end line ends (after its line break). */
function markerLines(text: string, region: Region): { beginLine: number; endLineEnd: number } {
  const beginLine = text.lastIndexOf("\n", region.start - 2) + 1;
  const newline = text.indexOf("\n", region.end);
  return { beginLine, endLineEnd: newline === -1 ? text.length : newline + 1 };
}

/**
 * `text` without its managed region (markers and all, and the blank line written before it), and
 * the region's inside; undefined when the file has no region.
 */
export function removeManagedRegion(
  path: string,
  text: string,
  markers: RegionMarkers = MARKDOWN_MARKERS,
): { readonly text: string; readonly before: string } | undefined {
  const region = findRegion(path, text, markers);
  if (region === undefined) return undefined;
  const { beginLine, endLineEnd } = markerLines(text, region);
  let head = text.slice(0, beginLine);
  const tail = text.slice(endLineEnd);
  // The blank line writeManagedRegion put before an appended region goes with it.
  const eol = lineEndingOf(text);
  if (tail === "" && head.endsWith(`${eol}${eol}`)) head = head.slice(0, -eol.length);
  return { text: `${head}${tail}`, before: text.slice(region.start, region.end) };
}

/** `content` whose lines cannot be taken for a marker: such a line gets a backslash in front. */
function escapeMarkers(content: string, markers: RegionMarkers): string {
  return content
    .split("\n")
    .map((line) => (markerOf(line, markers) === undefined ? line : `\\${line.trimStart()}`))
    .join("\n");
}

/** What the region holds: the rules, and the instructions carried from another tool. */
export interface RegionParts {
  readonly instructions: string;
  readonly rules: string;
}

/** The parts of a region's inside (`\n` line endings), each trimmed. */
export function regionParts(inside: string): RegionParts {
  const lines = inside.split("\n");
  const mark = lines.findIndex((line) => line.trim() === INSTRUCTIONS_MARK);
  if (mark === -1) return { instructions: "", rules: inside.trim() };
  return {
    rules: lines.slice(0, mark).join("\n").trim(),
    instructions: lines
      .slice(mark + 1)
      .join("\n")
      .trim(),
  };
}

/**
 * The region's inside for `parts`: the rules, then the mark and the instructions when there are
 * any. A line of either part that reads as the mark gets a backslash, as markers do.
 */
export function joinRegionParts(parts: RegionParts): string {
  const escapeMark = (text: string) =>
    text
      .split("\n")
      .map((line) => (line.trim() === INSTRUCTIONS_MARK ? `\\${line.trimStart()}` : line))
      .join("\n");
  const rules = escapeMark(parts.rules);
  if (parts.instructions === "") return rules;
  return `${rules}${rules === "" ? "" : "\n\n"}${INSTRUCTIONS_MARK}\n${escapeMark(parts.instructions)}`;
}

/** The file's text with the region written, and the region's inside before and after. */
export interface RegionWrite {
  readonly text: string;
  /** The region's inside in `text` (the old one when it was kept). */
  readonly inside: string;
  /** The region's inside before, or undefined when the file had no region. */
  readonly before: string | undefined;
}

/**
 * `text` with the managed region holding `content` (appended after a blank line of its own when
 * the file has none); the same text when the region holds it already. `same` decides whether the old
 * content may stay (a timestamp alone changing is no change).
 */
export function writeManagedRegion(
  path: string,
  text: string,
  content: string,
  same: (old: string, next: string) => boolean = (a, b) => a === b,
  markers: RegionMarkers = MARKDOWN_MARKERS,
): RegionWrite {
  const eol = lineEndingOf(text);
  const body = `${escapeMarkers(content.trimEnd().replace(/\r\n/g, "\n"), markers).replace(/\n/g, eol)}${eol}`;
  const region = findRegion(path, text, markers);
  if (region === undefined) {
    // Always one blank line of its own before it, so taking it out again gives the text back.
    const gap = text === "" ? "" : text.endsWith(eol) ? eol : `${eol}${eol}`;
    return {
      text: `${text}${gap}${markers.begin}${eol}${body}${markers.end}${eol}`,
      inside: body,
      before: undefined,
    };
  }
  const old = text.slice(region.start, region.end);
  if (same(old.replace(/\r\n/g, "\n"), body.replace(/\r\n/g, "\n"))) {
    return { text, inside: old, before: old };
  }
  return {
    text: `${text.slice(0, region.start)}${body}${text.slice(region.end)}`,
    inside: body,
    before: old,
  };
}
