/**
 * What sync cannot carry, said once per kind of loss: every item a target drops `allowed-tools`
 * of is one line naming them all, not a line each (`sync --verbose` prints a line each).
 */
import type { Issue } from "../problems/issue.js";

/**
 * The codes of a conversion's warnings, whose items and words are read back to sum them, and of
 * the rule files a target gets none of (`not_carried`, in the same `<item>: <words>` shape).
 */
const SUMMED: ReadonlySet<string> = new Set([
  "lossy_conversion",
  "unsupported_field",
  "not_carried",
]);

/** One item's loss: its name, its source file, and what the loss is, in words. */
interface Loss {
  readonly item: string;
  readonly file: string;
  readonly words: string;
}

/** How many characters `a` and `b` start with in common. */
function commonStart(a: string, b: string): number {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  return at;
}

/**
 * The loss a conversion's warning tells, or undefined for any other: its path is
 * `<file>: <item>.<field>` and its message `<item>: <words>`, so the item ends where the two
 * part (its name may hold `: ` or `.` itself).
 */
function lossOf(issue: Issue): Loss | undefined {
  if (!SUMMED.has(issue.code) || issue.path === undefined) return undefined;
  const split = issue.path.indexOf(": ");
  if (split === -1) return undefined;
  const rest = issue.path.slice(split + 2);
  const end = commonStart(issue.message, rest);
  if (end === 0 || rest[end] !== "." || !issue.message.startsWith(": ", end)) return undefined;
  return {
    item: issue.message.slice(0, end),
    file: issue.path.slice(0, split),
    words: issue.message.slice(end + 2),
  };
}

/**
 * `issues` with the losses of one kind (the same code and words: `Gemini CLI has no
 * "allowed-tools"; dropped`) of two or more items as one issue, where the first of them stood,
 * naming each item and its file; every other issue as it is.
 */
export function summedLosses(issues: readonly Issue[]): Issue[] {
  const groups = new Map<string, { readonly issue: Issue; readonly losses: Loss[] }>();
  const order: (Issue | string)[] = [];
  for (const issue of issues) {
    const loss = lossOf(issue);
    if (loss === undefined) {
      order.push(issue);
      continue;
    }
    const key = `${issue.severity}\u0000${issue.code}\u0000${loss.words}`;
    const group = groups.get(key);
    if (group !== undefined) group.losses.push(loss);
    else {
      groups.set(key, { issue, losses: [loss] });
      order.push(key);
    }
  }
  return order.map((entry) => {
    if (typeof entry !== "string") return entry;
    const { issue, losses } = groups.get(entry) as { issue: Issue; losses: Loss[] };
    if (losses.length === 1) return issue;
    const items = losses.map((loss) => `${loss.item} (${loss.file})`).join(", ");
    return {
      code: issue.code,
      severity: issue.severity,
      message: `${losses[0]?.words}, for ${losses.length} items: ${items}`,
    };
  });
}
