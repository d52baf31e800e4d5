import type {
  FormattedContext,
  Issue,
  MemoryRule,
  MemoryRuleInput,
  TokenCounter,
} from "contextfmt";
import { FormatManager, packByBudget } from "contextfmt";
import type { FormatAdapter } from "contextfmt/adapters";
import { describe, expectTypeOf, it } from "vitest";

describe("public types", () => {
  it("MemoryRule is the parsed shape; MemoryRuleInput takes strings or Dates", () => {
    expectTypeOf<MemoryRule["authority"]>().toEqualTypeOf<"absolute" | "default">();
    expectTypeOf<MemoryRule["scope"]>().toEqualTypeOf<string[]>();
    expectTypeOf<MemoryRule["priority"]>().toEqualTypeOf<number>();
    expectTypeOf<MemoryRule["createdAt"]>().toEqualTypeOf<Date | undefined>();
    expectTypeOf<{
      name: string;
      rule: string;
      category: string;
      authority: "default";
    }>().toMatchTypeOf<MemoryRuleInput>();
  });

  it("format returns a FormattedContext with issues", () => {
    expectTypeOf(new FormatManager().format).returns.toEqualTypeOf<FormattedContext>();
    expectTypeOf<FormattedContext["issues"]>().toEqualTypeOf<readonly Issue[]>();
    expectTypeOf<Issue["severity"]>().toEqualTypeOf<"error" | "warning" | "info">();
  });

  it("a TokenCounter is a name and a count function", () => {
    expectTypeOf({ name: "x", count: (text: string) => text.length }).toMatchTypeOf<TokenCounter>();
  });

  it("packByBudget keeps the item type", () => {
    const result = packByBudget([{ value: { id: 1 }, cost: 1 }], { budget: 1 });
    expectTypeOf(result.included).toEqualTypeOf<readonly { id: number }[]>();
  });

  it("FormatAdapter's render returns content", () => {
    expectTypeOf<ReturnType<FormatAdapter["render"]>["content"]>().toEqualTypeOf<string>();
  });
});
