import type { RuleSetInput } from "contextfmt";
import {
  builtinAdapters,
  CLAUDE_DEFAULT_TEMPLATE,
  CODEX_DEFAULT_TEMPLATE,
  defineTemplateAdapter,
  GEMINI_DEFAULT_TEMPLATE,
} from "contextfmt";
import { runAdapterContract } from "../contract.js";
import { arbitraryRuleSet, hostileRuleSet, manyRules, seedRuleSet } from "../fixtures/rules.js";

const ruleIds = (input: unknown) =>
  (input as RuleSetInput).rules.map((rule) => rule.id ?? rule.name);
const absoluteIds = (input: unknown) =>
  (input as RuleSetInput).rules
    .filter((rule) => rule.authority === "absolute")
    .map((rule) => rule.id ?? rule.name);

const ruleFormats = [
  ...builtinAdapters,
  defineTemplateAdapter(CLAUDE_DEFAULT_TEMPLATE),
  defineTemplateAdapter(CODEX_DEFAULT_TEMPLATE),
  defineTemplateAdapter(GEMINI_DEFAULT_TEMPLATE),
];

for (const adapter of ruleFormats) {
  runAdapterContract({
    adapter,
    sample: seedRuleSet,
    hostile: hostileRuleSet,
    large: { rules: manyRules(60, 15) },
    arbitrary: arbitraryRuleSet,
    itemIds: ruleIds,
    requiredIds: absoluteIds,
  });
}
