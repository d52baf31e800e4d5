import { writeFileSync, writeSync } from "node:fs";
import { InputFileError } from "../hooks/input-text.js";

/**
 * Writes `text` to file descriptor `fd` directly. Creating `process.stdout` / `process.stderr`
 * for a pipe sets up a socket stream, ~1.5 ms each at every start; a hook's output needs none of
 * that. When the descriptor cannot take the text now (a non-blocking pipe that is full), the
 * rest goes through the stream, which waits for it.
 */
function writeDirect(fd: 1 | 2, text: string): void {
  const bytes = Buffer.from(text, "utf8");
  let offset = 0;
  try {
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
    (fd === 1 ? process.stdout : process.stderr).write(bytes.subarray(offset));
  }
}

/** Writes `text` to stdout. */
export const writeStdout = (text: string): void => writeDirect(1, text);

// C0 controls but tab and line feed, DEL and the C1 controls: what a terminal acts on.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const TERMINAL_CONTROLS = /[\0-\x08\x0b-\x1f\x7f-\x9f]/g;

/**
 * `text` with every character a terminal would act on (ESC starting a colour, a title or a
 * cursor move; BEL; a carriage return hiding what came before) written as a visible `\u001b`.
 */
export function visibleControls(text: string): string {
  return text.replace(
    TERMINAL_CONTROLS,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * Writes `text` to stderr. Messages quote ids, names and file contents, which may hold escape
 * sequences: they are shown, never run by the terminal.
 */
export const writeStderr = (text: string): void => writeDirect(2, visibleControls(text));

/** Writes a result file the user named (`--out`, `--html`); a folder that is missing is an error, not created. */
export function writeOut(path: string, content: string): void {
  try {
    writeFileSync(path, content);
  } catch (error) {
    throw new InputFileError(`${path}: cannot write: ${(error as Error).message}`);
  }
}
