/**
 * The part of an instruction file (CLAUDE.md, AGENTS.md, GEMINI.md) that contextfmt writes,
 * between two HTML comments no markdown renderer shows. Everything outside it is the user's.
 */
import { InputFileError } from "../input-files.js";
import { lineEndingOf } from "./same-value.js";

export const REGION_BEGIN = "<!-- contextfmt:begin -->";
export const REGION_END = "<!-- contextfmt:end -->";

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
): string {
  const eol = lineEndingOf(text);
  const body = `${content.trimEnd().replace(/\r?\n/g, eol)}${eol}`;
  const begin = text.indexOf(REGION_BEGIN);
  if (begin === -1) {
    const gap =
      text === ""
        ? ""
        : text.endsWith(`${eol}${eol}`)
          ? ""
          : text.endsWith(eol)
            ? eol
            : `${eol}${eol}`;
    return `${text}${gap}${REGION_BEGIN}${eol}${body}${REGION_END}${eol}`;
  }
  const start = text.indexOf("\n", begin) + 1;
  const end = text.indexOf(REGION_END, start);
  if (start === 0 || end === -1) {
    throw new InputFileError(
      `${path}: "${REGION_BEGIN}" is never closed by "${REGION_END}"; nothing written`,
    );
  }
  const old = text.slice(start, end);
  if (same(old.replace(/\r\n/g, "\n"), body.replace(/\r\n/g, "\n"))) return text;
  return `${text.slice(0, start)}${body}${text.slice(end)}`;
}
