/**
 * Pi's prompt templates, byte for byte: its arguments count from 1 and `$@` is every argument;
 * what it cannot fill in (a shell or file inline, an escaped `$`, a slice elsewhere) is named.
 */
import { convertCommand } from "contextfmt/agent-config";
import { describe, expect, it } from "vitest";

const messages = (warnings: readonly { message: string }[]) => warnings.map((w) => w.message);

describe("Pi prompt templates", () => {
  it("read: $1 is Claude Code's $0, $@ is $ARGUMENTS, $0 is text; a slice is kept and named", async () => {
    const pi =
      "---\ndescription: Review\nargument-hint: <file>\n---\nReview $1 and $2: $@ ($0) ${@:2}\n";
    const result = await convertCommand(pi, { from: "pi", to: "claude", name: "review" });
    expect(result.content).toBe(
      "---\ndescription: Review\nargument-hint: <file>\n---\n\nReview $ARGUMENTS[0] and $ARGUMENTS[1]: $ARGUMENTS (\\$0) ${@:2}\n",
    );
    expect(messages(result.warnings)).toEqual([
      "review: Pi's argument slice ${@:2} has no form elsewhere; kept as text",
    ]);
  });

  it("written: positions from 1, every loss named once", async () => {
    const claude =
      "---\ndescription: Review\nmodel: opus\n---\nReview @$0 and $1; !`git diff` @docs/a.md, \\$5 $ARGUMENTS\n";
    const result = await convertCommand(claude, { from: "claude", to: "pi", name: "review" });
    expect(result.content).toBe(
      "---\ndescription: Review\n---\n\nReview @$1 and $2; !`git diff` @docs/a.md, $5 $ARGUMENTS\n",
    );
    expect(messages(result.warnings)).toEqual([
      'review: Pi has no "model"; dropped',
      "review: Pi runs no shell command in a template; !`git diff` kept as text",
      "review: Pi reads no file in a template; @docs/a.md kept as text",
      "review: Pi has no escape for a literal $; it is written as $ and may be filled in",
    ]);
  });
});
