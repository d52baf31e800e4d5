import type { RuleSetInput } from "contextfmt";
import {
  builtinAdapters,
  CLAUDE_DEFAULT_TEMPLATE,
  CODEX_DEFAULT_TEMPLATE,
  defineTemplateAdapter,
  GEMINI_DEFAULT_TEMPLATE,
  parseWith,
  projectAdapter,
} from "contextfmt";
import fc from "fast-check";
import { runAdapterContract } from "../contract.js";
import {
  arbitraryProjects,
  hostileProject,
  PROJECT_NOW,
  rvcBlocked,
  rvcPaused,
  samTerminal,
  slamRushCompleted,
} from "../fixtures/projects.js";
import { arbitraryRuleSet, hostileRuleSet, manyRules, seedRuleSet } from "../fixtures/rules.js";

const ruleIds = (input: unknown) =>
  (input as RuleSetInput).rules.map((rule) => rule.id ?? rule.name);
const absoluteIds = (input: unknown) =>
  (input as RuleSetInput).rules
    .filter((rule) => rule.authority === "absolute")
    .map((rule) => rule.id ?? rule.name);

const ruleFormats = [
  ...builtinAdapters.filter((adapter) => adapter !== projectAdapter),
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

const projectItemIds = (input: unknown) =>
  projectAdapter
    .items(parseWith(projectAdapter.input, input), {
      options: {},
      now: new Date(PROJECT_NOW),
      report: () => {},
    })
    .map((item) => item.id);

runAdapterContract({
  adapter: projectAdapter,
  sample: { projects: [rvcBlocked, slamRushCompleted] },
  hostile: { projects: [hostileProject, { ...hostileProject, projectId: "hostile2" }] },
  large: { projects: [samTerminal, rvcBlocked, slamRushCompleted, rvcPaused] },
  arbitrary: fc.record({ projects: arbitraryProjects }),
  itemIds: projectItemIds,
  // The primary project's opening and closing tags (P0) are never left out.
  requiredIds: (input) => projectItemIds(input).filter((id) => /:(name|close)$/.test(id)),
  options: { now: PROJECT_NOW },
});
