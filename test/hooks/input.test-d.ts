import { type HookInput, parseHookInput, type TolerantHookInput } from "contextfmt/hooks";
import { describe, expectTypeOf, it } from "vitest";

describe("parseHookInput's result type follows `strict`", () => {
  it("strict (the default): every field the tool always sends, typed", () => {
    expectTypeOf(parseHookInput("claude", "{}")).toEqualTypeOf<HookInput<"claude">>();
    expectTypeOf(parseHookInput("codex", "{}", { strict: true })).toEqualTypeOf<
      HookInput<"codex">
    >();
    const input = parseHookInput("claude", "{}");
    if (input.moment === "session-start") expectTypeOf(input.cwd).toEqualTypeOf<string>();
  });

  it("tolerant: what the hook reads is typed, the rest unknown", () => {
    const input = parseHookInput("gemini", "{}", { strict: false });
    expectTypeOf(input).toEqualTypeOf<TolerantHookInput<"gemini">>();
    if (input.moment === "session-start") {
      expectTypeOf(input.source).toEqualTypeOf<string>();
      expectTypeOf(input.cwd).toEqualTypeOf<unknown>();
    }
    if (input.moment === "prompt") expectTypeOf(input.prompt).toEqualTypeOf<string>();
    // Options whose `strict` is only known at run time: the tolerant type, which a strict
    // result also is.
    const strict: boolean = Math.random() < 0.5;
    expectTypeOf(parseHookInput("gemini", "{}", { strict })).toEqualTypeOf<
      TolerantHookInput<"gemini">
    >();
    // A strict result is also what a tolerant one may be.
    expectTypeOf<HookInput<"gemini">>().toMatchTypeOf<TolerantHookInput<"gemini">>();
  });
});
