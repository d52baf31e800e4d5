import type { MemorySetInput, RuleSetInput, SessionContextInput } from "contextfmt";
import {
  claudeAdapter,
  codexAdapter,
  geminiAdapter,
  projectAdapter,
  projectMarkdownAdapter,
  sessionBriefAdapter,
  sessionFullAdapter,
  xmlMemoryAdapter,
} from "contextfmt";
import {
  CLAUDE_DEFAULT_TEMPLATE,
  CODEX_DEFAULT_TEMPLATE,
  defineTemplateAdapter,
  GEMINI_DEFAULT_TEMPLATE,
  parseWith,
} from "contextfmt/adapters";
import { makeCandidates, makeMemories, makeRules } from "contextfmt/testing";
import fc from "fast-check";
import { type ContractSpec, runAdapterContract } from "../contract.js";
import {
  arbitraryMemorySet,
  hostileMemorySet,
  sampleMemorySet,
  TEST_NONCE,
} from "../fixtures/memories.js";
import {
  arbitraryProjects,
  hostileMarkdownProject,
  hostileProject,
  PROJECT_NOW,
  rvcBlocked,
  rvcPaused,
  samTerminal,
  slamRushCompleted,
} from "../fixtures/projects.js";

import { arbitraryRuleSet, hostileRuleSet, seedRuleSet } from "../fixtures/rules.js";
import {
  arbitrarySession,
  hostileSession,
  SESSION_NOW,
  sampleSession,
} from "../fixtures/session.js";

const ruleIds = (input: unknown) =>
  (input as RuleSetInput).rules.map((rule) => rule.id ?? rule.name);
const absoluteIds = (input: unknown) =>
  (input as RuleSetInput).rules
    .filter((rule) => rule.authority === "absolute")
    .map((rule) => rule.id ?? rule.name);

const ruleFormats = [
  claudeAdapter,
  codexAdapter,
  geminiAdapter,
  defineTemplateAdapter(CLAUDE_DEFAULT_TEMPLATE),
  defineTemplateAdapter(CODEX_DEFAULT_TEMPLATE),
  defineTemplateAdapter(GEMINI_DEFAULT_TEMPLATE),
];

/** Every adapter's contract, run as it is and with the cache-stable layout. */
const specs: ContractSpec[] = [];

for (const adapter of ruleFormats) {
  specs.push({
    adapter,
    sample: seedRuleSet,
    hostile: hostileRuleSet,
    large: { rules: makeRules(60, { seed: 15, absoluteShare: 0.07 }) },
    arbitrary: arbitraryRuleSet,
    itemIds: ruleIds,
    requiredIds: absoluteIds,
    // The template adapters write the same text in their own words; the oracle knows the built-ins.
    ...(adapter.id === "claude" || adapter.id === "codex" || adapter.id === "gemini"
      ? { structure: adapter.id }
      : {}),
  });
}

specs.push({
  adapter: xmlMemoryAdapter,
  sample: sampleMemorySet,
  hostile: hostileMemorySet,
  large: { directive: "Follow procedural memories first.", memories: makeMemories(60) },
  arbitrary: arbitraryMemorySet,
  itemIds: (input) => (input as MemorySetInput).memories.map((memory) => memory.id),
  // The directive is always kept, but it is not an item: no memory is required.
  requiredIds: () => [],
  options: { nonce: TEST_NONCE },
  structure: "xml-memory",
});

const sessionIds = (input: unknown) => {
  const { candidates, alerts = [] } = input as SessionContextInput;
  return [...candidates.map((candidate) => candidate.id), ...alerts.map((_, i) => `alerts[${i}]`)];
};

specs.push({
  adapter: sessionFullAdapter,
  sample: sampleSession,
  hostile: hostileSession,
  large: { candidates: makeCandidates(60), alerts: sampleSession.alerts },
  arbitrary: arbitrarySession,
  itemIds: sessionIds,
  requiredIds: () => [],
  options: { now: SESSION_NOW },
  structure: "session-full",
});

specs.push({
  adapter: sessionBriefAdapter,
  sample: { candidates: sampleSession.candidates.slice(0, 3) },
  hostile: { candidates: hostileSession.candidates },
  large: { candidates: makeCandidates(60) },
  arbitrary: arbitrarySession.map(({ candidates }) => ({ candidates })),
  itemIds: (input) => (input as SessionContextInput).candidates.map((candidate) => candidate.id),
  requiredIds: () => [],
  options: { now: SESSION_NOW },
  structure: "session-brief",
});

const projectItemIds = (input: unknown, adapter = projectAdapter) =>
  adapter
    .items(parseWith(adapter.input, input), {
      options: {},
      now: new Date(PROJECT_NOW),
      report: () => {},
    })
    .map((item) => item.id);

specs.push({
  adapter: projectAdapter,
  sample: { projects: [rvcBlocked, slamRushCompleted] },
  hostile: { projects: [hostileProject, { ...hostileProject, projectId: "hostile2" }] },
  large: { projects: [samTerminal, rvcBlocked, slamRushCompleted, rvcPaused] },
  arbitrary: fc.record({ projects: arbitraryProjects }),
  itemIds: projectItemIds,
  // The primary project's opening and closing tags (P0) are never left out.
  requiredIds: (input) => projectItemIds(input).filter((id) => /:(name|close)$/.test(id)),
  options: { now: PROJECT_NOW },
  structure: "project",
});

// The same blocks as markdown headings: the same items, no closing lines.
specs.push({
  adapter: projectMarkdownAdapter,
  sample: { projects: [rvcBlocked, slamRushCompleted] },
  hostile: { projects: [hostileMarkdownProject, hostileProject] },
  large: { projects: [samTerminal, rvcBlocked, slamRushCompleted, rvcPaused] },
  arbitrary: fc.record({ projects: arbitraryProjects }),
  itemIds: (input) => projectItemIds(input, projectMarkdownAdapter),
  requiredIds: (input) =>
    projectItemIds(input, projectMarkdownAdapter).filter((id) => id.endsWith(":name")),
  options: { now: PROJECT_NOW },
  structure: "project-markdown",
});

for (const spec of specs) {
  runAdapterContract(spec);
  runAdapterContract({
    ...spec,
    options: { ...spec.options, cacheStable: true },
    label: "cacheStable",
  });
}
