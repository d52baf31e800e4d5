/**
 * The `rule-file` kind: the modular rules a client loads from its rules folder
 * (`.claude/rules/*.md`, `.cursor/rules/*.mdc`, `.clinerules/*.md`,
 * `.github/instructions/*.instructions.md`), each with the condition its frontmatter sets.
 * Each rule goes into the target's own rules folder, its condition said the target's way; a
 * rule loaded at every start goes, for a target without a rules folder, into its instruction
 * file's region after the instructions (see instruction-regions.ts); anything else is a
 * warning naming the file and what is lost. A target that loads the rule already (the region
 * written for another client, or the source's own file) gets no second copy.
 */

import { ConfigParseError } from "../agent-config/config-error.js";
import {
  APPLIES_WORDS,
  type RuleFile,
  type RuleFileCodec,
} from "../agent-config/rule-files/rule-file.js";
import { RULE_FILE_FORMATS } from "../agent-config/rule-files/rule-file-formats.js";
import type { Issue } from "../problems/issue.js";
import { defaultCounter } from "../tokens/heuristic.js";
import { decodeUtf8 } from "../workspace/project.js";
import { fileOnTheWay } from "./item-files.js";
import { CLIENT_LOADING, type ReadFolder } from "./loading.js";
import { clientFiles } from "./loads/files.js";
import { namesReadInFolder } from "./loads/folder-reading.js";
import { textLines } from "./loads/text-lines.js";
import { RULES_FILES, SYNC_TOOL_PLACES, SYNC_TOOLS, type SyncTool } from "./locations.js";
import type { Plan, SyncRequest } from "./planned-files.js";
import { PlannedView } from "./planned-view.js";

/** A client's rules folder: its place in the client's loading rules, and the format there. */
export interface RuleFolder {
  readonly dir: string;
  /** How each rule file's name ends. */
  readonly extension: string;
  /** Whether files in its subfolders are rules too. */
  readonly nested: boolean;
  readonly codec: RuleFileCodec;
}

/**
 * The rules folder `tool` loads (a folder of its loading rules' places, at the root), in the
 * rule-file format of the same id; undefined for a client that reads none.
 */
export function ruleFolder(tool: SyncTool): RuleFolder | undefined {
  const place = CLIENT_LOADING[tool].instructions.places.find(
    (each): each is ReadFolder => "dir" in each,
  );
  const codec = RULE_FILE_FORMATS[tool];
  if (place === undefined || codec === undefined) return undefined;
  return { dir: place.dir, extension: place.extension, nested: place.nested, codec };
}

/** One rule file of the source client, read. */
export interface SourceRule {
  readonly path: string;
  readonly rule: RuleFile;
}

const readOnce = new WeakMap<Plan, Map<SyncTool, SourceRule[]>>();

/**
 * The source client's rule files, each read once per plan: every file of its rules folder,
 * in the folder's order; a file whose frontmatter cannot be read is skipped with a warning
 * naming it. Cline's older form, a `.clinerules` that is one file, is one rule it loads at
 * every start.
 */
export function sourceRules(plan: Plan, from: SyncTool): SourceRule[] {
  const read = readOnce.get(plan) ?? new Map<SyncTool, SourceRule[]>();
  readOnce.set(plan, read);
  const known = read.get(from);
  if (known !== undefined) return known;
  const rules: SourceRule[] = [];
  read.set(from, rules);
  const folder = ruleFolder(from);
  if (folder === undefined) return rules;
  const { project } = plan;
  const text = (path: string) => decodeUtf8(path, project.read(path) ?? Buffer.alloc(0));
  if (project.isFile(folder.dir)) {
    const name = folder.dir.replace(/^.*\//, "").replace(/^\./, "");
    rules.push({
      path: folder.dir,
      rule: { name, applies: { when: "always" }, body: text(folder.dir) },
    });
    return rules;
  }
  // A rule file that is there but left out is not gone: what sync wrote from it stays.
  const warn = (issue: Issue) => plan.leaveOutSource(issue);
  for (const path of project.filesBelow(folder.dir, warn)) {
    const rest = path.slice(folder.dir.length + 1);
    if (!rest.endsWith(folder.extension) || (!folder.nested && rest.includes("/"))) continue;
    try {
      const parsed = folder.codec.parse(text(path), {
        name: rest.slice(0, -folder.extension.length),
      });
      rules.push({ path, rule: parsed.rule });
    } catch (error) {
      if (!ConfigParseError.is(error)) throw error;
      warn({
        code: "item_skipped",
        severity: "warning",
        path,
        message: `not synced: ${error.message}`,
      });
    }
  }
  return rules;
}

/** Whether this run carries rule files from `from`: the kind is asked for and there is a source. */
const carriesRules = (request: SyncRequest): request is SyncRequest & { from: SyncTool } =>
  request.from !== undefined && request.kinds.includes("rule-file");

/** Whether `tool` can take rule files in its own folder in this project (none, or a file on the way). */
function usableFolder(plan: Plan, tool: SyncTool): RuleFolder | undefined {
  const folder = ruleFolder(tool);
  if (folder === undefined || fileOnTheWay(plan.project, folder.dir) !== undefined)
    return undefined;
  return folder;
}

/**
 * The rules the source loads at every start that go into instruction files, and the targets
 * that need them there (no rules folder of their own, or a file where it would be). Only with
 * the `instructions` kind: the region holds them after the instructions.
 */
export interface InlinedRules {
  /** The rules' text, each headed by a comment naming its file; "" when none. */
  readonly text: string;
  /** The targets that load the rules only from an instruction file. */
  readonly needs: readonly SyncTool[];
}

/** What {@link inlinedRules} gives when nothing is inlined. */
export const NO_INLINED_RULES: InlinedRules = { text: "", needs: [] };

/** The rules of `request`'s source that go into instruction files, and for whom. */
export function inlinedRules(plan: Plan, request: SyncRequest): InlinedRules {
  if (!carriesRules(request) || !request.kinds.includes("instructions")) return NO_INLINED_RULES;
  const from = request.from;
  const always = sourceRules(plan, from).filter(({ rule }) => rule.applies.when === "always");
  const parts = always
    .map(({ path, rule }) => ({ path, body: rule.body.replace(/\r\n/g, "\n").trim() }))
    .filter((part) => part.body !== "")
    .map((part) => `<!-- rule from ${part.path} -->\n${part.body}`);
  if (parts.length === 0) return NO_INLINED_RULES;
  const needs = SYNC_TOOLS.filter(
    (tool) => tool !== from && request.to.includes(tool) && usableFolder(plan, tool) === undefined,
  );
  return needs.length === 0 ? NO_INLINED_RULES : { text: parts.join("\n\n"), needs };
}

/**
 * The root instruction files (real paths) that take the inlined rules: for each target that
 * needs them, the files it reads among those that hold the source's instructions after the
 * sync (`written`), else its own file; never the source's own file nor one it imports
 * (`barred`), nor one the source client would read once it is there (Claude Code reads an
 * AGENTS.md where there is no CLAUDE.md; Cline reads AGENTS.md beside its rules): the source
 * client would load the rules twice.
 */
export function filesForRules(
  plan: Plan,
  from: SyncTool,
  inlined: InlinedRules,
  written: ReadonlySet<string>,
  barred: ReadonlySet<string>,
): Set<string> {
  const { project } = plan;
  const chosen = new Set<string>();
  const sourceReads = (name: string) =>
    namesReadInFolder(
      CLIENT_LOADING[from].instructions,
      (each) => each === name || project.isFile(each),
    ).includes(name);
  for (const tool of inlined.needs) {
    const holding = (name: string) => {
      const real = project.resolve(name);
      return written.has(real) || chosen.has(real);
    };
    const read = namesReadInFolder(
      CLIENT_LOADING[tool].instructions,
      (name) => holding(name) || project.isFile(name),
    )
      .map((name) => project.resolve(name))
      .filter((real) => written.has(real) || chosen.has(real));
    if (read.length > 0) {
      for (const real of read) chosen.add(real);
      continue;
    }
    const own = project.resolve(RULES_FILES[tool]);
    if (!barred.has(own) && !sourceReads(RULES_FILES[tool])) chosen.add(own);
  }
  return chosen;
}

/** A rule file sync could not carry to `to`, as the loss summary sums it. */
function notCarried(source: SourceRule, to: SyncTool, why: string): Issue {
  return {
    code: "not_carried",
    severity: "warning",
    path: `${source.path}: ${source.rule.name}.applies`,
    message: `${source.rule.name}: not carried to ${to}: ${why}`,
  };
}

/** Where a rule goes in `folder`: its name below it (flattened with `-` where it has no subfolders). */
const targetPath = (folder: RuleFolder, name: string) =>
  `${folder.dir}/${folder.nested ? name : name.replaceAll("/", "-")}${folder.extension}`;

/**
 * Plans each source rule file for each target (after the instruction regions, which may hold
 * the rules loaded at every start): into the target's rules folder, unless the target loads
 * it already (the source's own file, or its text from a file it reads at the start); else a
 * warning naming the file and why.
 */
export function planRuleFiles(plan: Plan, request: SyncRequest): void {
  if (!carriesRules(request)) return;
  const from = request.from;
  const sources = sourceRules(plan, from);
  if (sources.length === 0) return;
  const { project } = plan;
  const view = new PlannedView(
    project,
    "",
    (real) => plan.plannedText(real),
    () => plan.files().map((file) => file.path),
  );
  const inlining = request.kinds.includes("instructions");
  for (const to of request.to) {
    if (to === from) continue;
    const { label } = SYNC_TOOL_PLACES[to];
    const loads = clientFiles(view, to, defaultCounter);
    const readsFile = new Set(loads.files.map((file) => project.resolve(file.path)));
    const own = ruleFolder(to);
    const folder = usableFolder(plan, to);
    // What it loads besides the files this kind writes for it (an earlier run's among them).
    const ours = new Set(
      folder === undefined ? [] : sources.map((source) => targetPath(folder, source.rule.name)),
    );
    const reached = new Set(
      loads.kept.filter((file) => !ours.has(file.path)).flatMap((file) => textLines(file.text)),
    );
    const blocked =
      own !== undefined && folder === undefined ? fileOnTheWay(project, own.dir) : undefined;
    const taken = new Map<string, string>();
    for (const source of sources) {
      const { rule } = source;
      if (readsFile.has(project.resolve(source.path))) continue;
      const lines = textLines(rule.body);
      if (rule.applies.when === "always" && lines.every((line) => reached.has(line))) {
        // What an earlier run wrote for it goes, saying where the target reads the rule now.
        const from = loads.kept.find((file) => textLines(file.text).includes(lines[0] as string));
        if (folder !== undefined && from !== undefined) {
          plan.leaveOut(targetPath(folder, rule.name), `${label} reads the rule in ${from.path}`);
        }
        continue;
      }
      if (folder === undefined) {
        const place =
          blocked !== undefined
            ? `${blocked} is a file, where its rule files need a folder`
            : `${label} reads no rule files`;
        const instead =
          rule.applies.when !== "always"
            ? `, and a rule ${APPLIES_WORDS[rule.applies.when]} cannot go into its instruction file (it would load it at every start)`
            : inlining
              ? `, and its instruction file ${RULES_FILES[to]} is read by ${SYNC_TOOL_PLACES[from].label} too, which would load the rule twice (move the rule into ${RULES_FILES[to]} to share it)`
              : ` (with the instructions kind, its instruction file ${RULES_FILES[to]} holds it)`;
        plan.warnings.push(notCarried(source, to, `${place}${instead}`));
        continue;
      }
      if (!folder.codec.expresses.includes(rule.applies.when)) {
        plan.warnings.push(
          notCarried(source, to, `${label} has no rule ${APPLIES_WORDS[rule.applies.when]}`),
        );
        continue;
      }
      const path = targetPath(folder, rule.name);
      if (project.resolve(path) === project.resolve(source.path)) continue;
      // Two rules one name in a folder without subfolders (`a/b.md`, `a-b.md` into Cline's).
      const first = taken.get(path);
      if (first !== undefined) {
        plan.warnings.push(notCarried(source, to, `${first} goes to ${path} already`));
        continue;
      }
      taken.set(path, source.path);
      const rendered = folder.codec.render(rule);
      plan.claimFile(path, "rule-file", Buffer.from(rendered.content, "utf8"), source.path);
      const warnings = rendered.warnings.map((issue: Issue) => ({
        ...issue,
        path: `${source.path}${issue.path ? `: ${issue.path}` : ""}`,
      }));
      plan.write(path, rendered.content, warnings, source.path);
    }
  }
}

/** Whether a record entry's file was written by this kind from `from`'s rules folder. */
export function isRuleFileFrom(from: SyncTool, source: string): boolean {
  const folder = ruleFolder(from);
  return folder !== undefined && (source === folder.dir || source.startsWith(`${folder.dir}/`));
}
