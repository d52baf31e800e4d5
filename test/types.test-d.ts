import type {
  DivergenceAlertInput,
  DivergenceAlertSchema,
  FormattedContext,
  InjectionCandidateInput,
  InjectionCandidateSchema,
  Issue,
  MemoryInput,
  MemoryRule,
  MemoryRuleInput,
  MemoryRuleSchema,
  MemorySchema,
  MemorySetInput,
  MemorySetSchema,
  ProjectContextInput,
  ProjectContextSchema,
  RuleSetInput,
  RuleSetSchema,
  SessionCandidatesInput,
  SessionCandidatesSchema,
  SessionContextInput,
  SessionContextSchema,
  TodoInput,
  TokenCounter,
  UserFactInput,
  UserFactsInput,
  UserFactsSchema,
} from "contextfmt";
import { FormatManager, packByBudget } from "contextfmt";
import type { FormatAdapter, UserFactSchema } from "contextfmt/adapters";
import { describe, expectTypeOf, it } from "vitest";
import type * as z from "zod/mini";
import type { TodoSchema } from "../src/model/project.js";

/** `true` when each of the two types is assignable to the other. */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

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

  it("each input interface is its schema's input, both ways", () => {
    // Written out field by field for the reader; these hold them to what the schema takes.
    expectTypeOf<Mutual<MemoryRuleInput, z.input<typeof MemoryRuleSchema>>>().toEqualTypeOf<true>();
    expectTypeOf<Mutual<RuleSetInput, z.input<typeof RuleSetSchema>>>().toEqualTypeOf<true>();
    expectTypeOf<Mutual<MemoryInput, z.input<typeof MemorySchema>>>().toEqualTypeOf<true>();
    expectTypeOf<Mutual<MemorySetInput, z.input<typeof MemorySetSchema>>>().toEqualTypeOf<true>();
    expectTypeOf<
      Mutual<InjectionCandidateInput, z.input<typeof InjectionCandidateSchema>>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      Mutual<DivergenceAlertInput, z.input<typeof DivergenceAlertSchema>>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      Mutual<SessionContextInput, z.input<typeof SessionContextSchema>>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      Mutual<SessionCandidatesInput, z.input<typeof SessionCandidatesSchema>>
    >().toEqualTypeOf<true>();
    expectTypeOf<Mutual<TodoInput, z.input<typeof TodoSchema>>>().toEqualTypeOf<true>();
    expectTypeOf<
      Mutual<ProjectContextInput, z.input<typeof ProjectContextSchema>>
    >().toEqualTypeOf<true>();
    expectTypeOf<Mutual<UserFactInput, z.input<typeof UserFactSchema>>>().toEqualTypeOf<true>();
    expectTypeOf<Mutual<UserFactsInput, z.input<typeof UserFactsSchema>>>().toEqualTypeOf<true>();
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
