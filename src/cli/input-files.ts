import { readFileSync } from "node:fs";
import {
  InputFileError,
  inputName as nameOf,
  parseInputText,
  STDIN,
  type YamlParser,
} from "../hooks/input-text.js";
import { InvalidInputError } from "../problems/errors.js";
import { writeStderr } from "./output.js";
import { readStdinBytes } from "./stdin.js";

export { InputFileError, parseInputText, STDIN };

// YAML is loaded only for YAML files: hooks that read JSON never pay for the parser.
// Required, not imported: see counter.ts.
const requireYaml = () => require("yaml") as YamlParser;

function readBytes(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
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
      `contextfmt: warning: text_sanitized at ${name}: bytes that are not UTF-8 were replaced with U+FFFD\n`,
    );
    return lenientUtf8.decode(bytes);
  }
}

/** Reads a text file (`-`: stdin) as UTF-8, with the same error wording everywhere. */
export async function readTextFile(path: string): Promise<string> {
  const bytes = path === STDIN ? await readStdinBytes() : readBytes(path);
  return decode(nameOf(path), bytes);
}

/**
 * Reads a JSON or YAML input file (`-`: stdin) by the rules of {@link parseInputText}. Errors
 * name the file, and the line and column.
 */
export async function readInputFile(path: string): Promise<unknown> {
  return parseInputText(path, await readTextFile(path), requireYaml);
}

/** Renders, naming the input file in an error about its content (not in one about the flags). */
export function renderNamingFile<T>(name: string, render: () => T): T {
  try {
    return render();
  } catch (error) {
    if (
      InvalidInputError.is(error) &&
      !error.issues.some((issue) => issue.path?.startsWith("options"))
    ) {
      throw new InputFileError(`${nameOf(name)}: ${error.message}`);
    }
    throw error;
  }
}
