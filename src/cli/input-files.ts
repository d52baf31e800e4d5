import { closeSync, fstatSync, openSync } from "node:fs";
import { InputFileError, inputName as nameOf, parseInputText, STDIN } from "../hooks/input-text.js";
import { parseInputFile, renderNamingFile } from "../workspace/input-file.js";
import { MAX_FILE_BYTES, megabytes, readOpenFile } from "../workspace/project.js";
import { shown, writeStderr } from "./output.js";
import { readStdinBytes } from "./stdin.js";

export { InputFileError, parseInputText, renderNamingFile, STDIN };

/** The file's bytes; a file over {@link MAX_FILE_BYTES} is refused by its size, unread. */
function readBytes(path: string): Buffer {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const { size } = fstatSync(fd);
    if (size > MAX_FILE_BYTES) {
      throw new InputFileError(
        `${path}: ${megabytes(size)} is over the ${megabytes(MAX_FILE_BYTES)} an input file may have`,
      );
    }
    return readOpenFile(fd, size);
  } catch (error) {
    if (InputFileError.is(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "is a directory"
          : code === "EACCES"
            ? "permission denied"
            : (error as Error).message;
    throw new InputFileError(`${path}: cannot read: ${reason}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const lenientUtf8 = new TextDecoder("utf-8", { ignoreBOM: false });

/**
 * Bytes as UTF-8 text, a leading byte order mark dropped. Bytes that are not UTF-8 become U+FFFD
 * and are reported (`text_sanitized`) rather than changed silently.
 */
function decode(name: string, bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    writeStderr(
      `contextfmt: warning: text_sanitized at ${shown(name)}: bytes that are not UTF-8 were replaced with U+FFFD\n`,
    );
    return lenientUtf8.decode(bytes);
  }
}

/** Reads a text file (`-`: stdin) as UTF-8, with the same error wording everywhere. */
export async function readTextFile(path: string): Promise<string> {
  const bytes =
    path === STDIN
      ? await readStdinBytes({ maxBytes: MAX_FILE_BYTES, what: "an input file" })
      : readBytes(path);
  return decode(nameOf(path), bytes);
}

/**
 * Reads a JSON or YAML input file (`-`: stdin) by the rules of {@link parseInputText}. Errors
 * name the file, and the line and column.
 */
export async function readInputFile(path: string): Promise<unknown> {
  return parseInputFile(path, await readTextFile(path));
}

/**
 * Reads a hook's input file as {@link readInputFile} does, but a blank file (nothing but white
 * space, as `contextfmt init` creates them) is `undefined`: not filled in yet, it injects nothing.
 */
export async function readHookFile(path: string): Promise<unknown> {
  const text = await readTextFile(path);
  return text.trim() === "" ? undefined : parseInputFile(path, text);
}
