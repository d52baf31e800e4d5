/**
 * Why a file doctor meets cannot be read, in words that name it and never show what it holds:
 * doctor runs on repositories a person just cloned, and its report is pasted into issues and CI
 * logs, so a value a parser quotes (`received "TOKEN=ghp_…"`) must not reach it.
 */
import { ContextFmtError } from "../../problems/errors.js";
import { reasonOf } from "../../workspace/project.js";

/** A quoted character, as JSON.parse names the one it stopped at (`Unexpected token 'T'`). */
const QUOTED_CHARACTER = /'[^'\n]'/gu;

/**
 * `message` with every double-quoted fragment (a value, a stretch of the file) and every quoted
 * character shown as `"…"` / `'…'`; an unclosed quote elides the rest. Linear: one split.
 */
export function withoutQuotes(message: string): string {
  return message
    .split('"')
    .map((part, index) => (index % 2 === 1 ? "…" : part))
    .join('"')
    .replace(QUOTED_CHARACTER, "'…'");
}

/**
 * The reason `error` gives for a file it could not read or parse, quotes elided; the writer's
 * "nothing written" dropped, since doctor never writes. Anything but a ContextFmtError or a
 * failed file operation is a bug, rethrown.
 */
export function unreadableReason(error: unknown): string {
  if (ContextFmtError.is(error)) {
    return withoutQuotes(error.message.replace(/; nothing written$/, ""));
  }
  if (typeof (error as NodeJS.ErrnoException)?.code === "string") {
    return `cannot read: ${reasonOf(error)}`;
  }
  throw error;
}
