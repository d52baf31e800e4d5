/**
 * contextfmt/testing: what a library that builds on contextfmt needs to test against it. A counter
 * whose numbers never change, seeded realistic inputs, the hostile texts this project's own tests
 * use, the structure oracle of its validators, assertions and `expect` matchers, and `runHook`,
 * which runs the bin's hook command in-process and checks the output against each tool's
 * contract. Pure and tree-shakeable: no test runner, no `node:` module, no file read.
 */

export { findForgedStructure } from "../formats/forged.js";
export type { ForgedLine } from "../formats/structure.js";
export {
  type AssertionResult,
  type ContentLike,
  conserves,
  type DeterministicOptions,
  type ExpectedMemory,
  type FitsBudgetOptions,
  fitsBudget,
  hasNoForgedStructure,
  isDeterministic,
  type ReportedResult,
  roundTripsXml,
} from "./assertions.js";
export {
  type FactoryOptions,
  type MakeProjectOptions,
  type MakeRulesOptions,
  makeCandidates,
  makeMemories,
  makeProject,
  makeRules,
} from "./factories.js";
export { createFixedCounter, type FixedCounterOptions, fixedCounter } from "./fixed-counter.js";
export { checkHookOutput, type HookContractOptions } from "./hook-contract.js";
export { makeHookInput } from "./hook-input.js";
export {
  hostileTexts,
  hostileValues,
  invisiblePrefixes,
  lineBreaks,
  specialTexts,
} from "./hostile-texts.js";
export { type ContextfmtMatchers, contextfmtMatchers, type MatcherResult } from "./matchers.js";
export { type HookRun, type HookSources, type RunHookOptions, runHook } from "./run-hook.js";
