// typecheck only: a vitest test file (examples/testing/quick-start.test.ts, which npm test runs)
import { FormatManager } from "contextfmt";
import {
  type ContextfmtMatchers,
  contextfmtMatchers,
  fixedCounter,
  makeRules,
} from "contextfmt/testing";
import { expect, it } from "vitest";

declare module "vitest" {
  interface Matchers<T = any> extends ContextfmtMatchers<T> {}
}
expect.extend(contextfmtMatchers);

it("fits the budget and accounts for every rule", () => {
  const rules = makeRules(40, { seed: 7 }); // the same 40 rules in every version
  const result = new FormatManager().format(
    "claude",
    { rules },
    { budget: 600, counter: fixedCounter },
  );
  expect(result).toFitBudget();
  expect(result).toConserveItems(40);
  expect(result.tokenCount).toBe(552); // fixedCounter's numbers never change between versions
});
