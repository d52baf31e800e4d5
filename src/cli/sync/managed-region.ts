/**
 * The part of an instruction file (CLAUDE.md, AGENTS.md, GEMINI.md) that contextfmt writes,
 * between two HTML comments no markdown renderer shows. Everything outside it is the user's.
 * A marker counts only alone on its line, so prose that quotes one is text; a file may hold one
 * region, and anything else (two, nested, one without the other) is an error naming the lines.
 */
import { InputFileError } from "../input-files.js";
import { lineEndingOf } from "./same-value.js";

export const REGION_BEGIN = "<!-- contextfmt:begin -->";
export const REGION_END = "<!-- contextfmt:end -->";

/** A marker line: the marker with nothing but blanks around it. */
const markerOf = (line: string) => {
  const text = line.trim();
  return text === REGION_BEGIN || text === REGION_END ? text : undefined;
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
function findRegion(path: string, text: string): Region | undefined {
  const begins: { line: number; after: number }[] = [];
  const ends: { line: number; start: number }[] = [];
  let line = 1;
  for (let start = 0; start < text.length; line++) {
    const newline = text.indexOf("\n", start);
    const after = newline === -1 ? text.length : newline + 1;
    const marker = markerOf(text.slice(start, after));
    if (marker === REGION_BEGIN) begins.push({ line, after });
    else if (marker === REGION_END) ends.push({ line, start });
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
    `${path}: expected one "${REGION_BEGIN}" line, then one "${REGION_END}" line (each alone on its line), found ${where("begin", begins)} and ${where("end", ends)}; nothing written`,
  );
}

/** `content` whose lines cannot be taken for a marker: such a line gets a backslash in front. */
function escapeMarkers(content: string): string {
  return content
    .split("\n")
    .map((line) => (markerOf(line) === undefined ? line : `\\${line.trimStart()}`))
    .join("\n");
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
 * `text` with the managed region holding `content` (appended, after a blank line, when the file
 * has none); the same text when the region holds it already. `same` decides whether the old
 * content may stay (a timestamp alone changing is no change).
 */
export function writeManagedRegion(
  path: string,
  text: string,
  content: string,
  same: (old: string, next: string) => boolean = (a, b) => a === b,
): RegionWrite {
  const eol = lineEndingOf(text);
  const body = `${escapeMarkers(content.trimEnd().replace(/\r\n/g, "\n")).replace(/\n/g, eol)}${eol}`;
  const region = findRegion(path, text);
  if (region === undefined) {
    const gap =
      text === ""
        ? ""
        : text.endsWith(`${eol}${eol}`)
          ? ""
          : text.endsWith(eol)
            ? eol
            : `${eol}${eol}`;
    return {
      text: `${text}${gap}${REGION_BEGIN}${eol}${body}${REGION_END}${eol}`,
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
