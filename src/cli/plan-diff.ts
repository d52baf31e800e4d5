import { createTwoFilesPatch } from "diff";
import type { PlannedChange } from "../sync.js";

/**
 * What `--dry-run` prints of one file of a plan (sync's and init's): a unified diff, a new or
 * removed file's as git writes it (from or to `/dev/null`). A path with a control character in it is quoted as git quotes it; a control
 * character in the text is shown by `printLines` (`\u001b`), never run by the terminal; its tabs
 * and CRLF line ends stay.
 */
export function planDiff(file: PlannedChange): string[] {
  const diff = createTwoFilesPatch(
    `a/${file.path}`,
    `b/${file.path}`,
    file.before ?? "",
    file.after ?? "",
    undefined,
    undefined,
    { context: 3 },
  )
    .replace(/^=+\n/, "")
    // A new or removed file's diff says so, as git's does.
    .replace(/^--- "?a\/.*$/m, (line) => (file.before === undefined ? "--- /dev/null" : line))
    .replace(/^\+\+\+ "?b\/.*$/m, (line) => (file.after === undefined ? "+++ /dev/null" : line));
  // Its lines are the diff's own and the text's: a name in it is quoted, never a line break.
  return diff.replace(/\n$/, "").split("\n");
}
