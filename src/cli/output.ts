import { writeFileSync, writeSync } from "node:fs";
import { InputFileError } from "../hooks/input-text.js";

/** Whether `error` says the reader went away: `contextfmt doctor | head -1` once head has its line. */
const readerGone = (error: unknown) => (error as NodeJS.ErrnoException).code === "EPIPE";

/**
 * Writes `text` to file descriptor `fd` directly. Creating `process.stdout` / `process.stderr`
 * for a pipe sets up a socket stream, ~1.5 ms each at every start; a hook's output needs none of
 * that. When the descriptor cannot take the text now (a non-blocking pipe that is full), the
 * rest goes through the stream, which waits for it.
 *
 * A reader that closed its end (a pager quit, `head` has its lines) has what it wanted: the
 * rest is dropped without a word and the command ends with the status it would have had. That
 * status says what a script tests (`sync --check | head` still exits 1 when files would change),
 * where dying by SIGPIPE, as git and ls do, would replace it with 141; and what the command did
 * (sync's writes) is done before its lines are printed.
 */
function writeDirect(fd: 1 | 2, text: string): void {
  const bytes = Buffer.from(text, "utf8");
  let offset = 0;
  try {
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
  } catch (error) {
    if (readerGone(error)) return;
    if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
    const stream = fd === 1 ? process.stdout : process.stderr;
    // The stream reports a reader gone as an error event: without a listener it would throw.
    if (stream.listenerCount("error") === 0) {
      stream.on("error", (streamError) => {
        if (!readerGone(streamError)) throw streamError;
      });
    }
    stream.write(bytes.subarray(offset));
  }
}

// Every character a terminal acts on or lays text out by: the C0 controls, DEL, the C1 controls,
// the line and paragraph separators some viewers break lines at, and the bidirectional embeddings,
// overrides and isolates that reorder what is shown after them (a name reading other than it is).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const NAME_CONTROLS = /[\0-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// The same but the tab, which only moves along a line, and a carriage return ending it (a CRLF
// line end), which moves nothing the line feed after it does not: what one line may not hold.
const LINE_CONTROLS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  /[\0-\x08\x0a-\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\r(?!$)/g;
// The same but the line feed too, which lays out a text of several lines.
const TEXT_CONTROLS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  /[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;

const SHORT_ESCAPES: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

const visible = (char: string) =>
  SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * `name` (a path, an id, a heading: one value from the project) as it is shown inside a line of
 * ours: every control character written visibly, `\n`, `\r`, `\t` or `\u001b`, so that it
 * neither steers the terminal nor starts a line of its own.
 *
 * @example
 * ```ts
 * shown("a\nwrote CLAUDE.md\u001b[8m"); // "a\\nwrote CLAUDE.md\\u001b[8m"
 * ```
 */
export const shown = (name: string): string => name.replace(NAME_CONTROLS, visible);

/**
 * `text` with every character a terminal would act on (ESC starting a colour, a title or a
 * cursor move; BEL; a carriage return hiding what came before; a bidirectional override)
 * written as a visible `\u001b`; its tabs and line ends (`\n`, `\r\n`) stay.
 */
export const visibleControls = (text: string): string => text.replace(TEXT_CONTROLS, visible);

/**
 * Writes `text` to stdout byte for byte: for what is the product (a rendered context, the
 * hook's JSON, a converted file), JSON, or a text of ours alone (the help); never for lines
 * built from the project, which go through {@link printLines}.
 */
export const writeStdoutExact = (text: string): void => writeDirect(1, text);

/**
 * Writes `lines` for a person to stdout, each ended by a line feed. Whatever a line was built
 * from, nothing in it reaches the terminal as a control: each is shown (`\u001b`, `\n`), only
 * its tabs and a CR ending it (a CRLF text's line in a diff) stay. So a name from the project
 * can neither steer the terminal nor start a line of its own, even where it was put in a line
 * without {@link shown} (which also keeps a table's columns straight: a name shown is as wide
 * as it prints).
 */
export function printLines(lines: readonly string[]): void {
  if (lines.length === 0) return;
  writeDirect(1, `${lines.map((line) => line.replace(LINE_CONTROLS, visible)).join("\n")}\n`);
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
