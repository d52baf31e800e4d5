/** Input files as data: JSON, or YAML where the name says so, with YAML's size kept in bounds. */
import {
  InputFileError,
  isJsonInput,
  inputName as nameOf,
  parseInputText,
  type YamlParser,
} from "../hooks/input-text.js";
import { InvalidInputError } from "../problems/errors.js";
import { megabytes } from "./project.js";

// YAML is loaded only for YAML files: hooks that read JSON never pay for the parser.
// Required, not imported: see src/cli/counter.ts.
const requireYaml = () => require("yaml") as YamlParser;

/**
 * The largest YAML input file: reading YAML takes about 50 times its size in memory and 1.3 s a
 * megabyte (measured: 28 MB of rules, 33 s and 1.4 GB), where JSON takes a fraction of that.
 */
export const MAX_YAML_BYTES = 10 * 1024 * 1024;

/** An input file's text, read already, as data (JSON, or YAML by its name or a name without extension). */
export function parseInputFile(path: string, text: string): unknown {
  // Read as YAML: not JSON, and named .yaml/.yml or with no extension (other ones are refused).
  const name = path.slice(path.lastIndexOf("/") + 1);
  const yaml = !isJsonInput(path, text) && (/\.ya?ml$/i.test(name) || name.lastIndexOf(".") <= 0);
  if (yaml && Buffer.byteLength(text) > MAX_YAML_BYTES) {
    throw new InputFileError(
      `${nameOf(path)}: ${megabytes(Buffer.byteLength(text))} of YAML is over the ${megabytes(MAX_YAML_BYTES)} read as YAML (it takes some 50 times its size in memory); write it as JSON`,
    );
  }
  return parseInputText(path, text, requireYaml);
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
