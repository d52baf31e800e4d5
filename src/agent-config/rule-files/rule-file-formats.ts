/**
 * The rule-file formats: Claude Code's and Cline's `paths` (a list of globs; none: always),
 * Cursor's `.mdc` (`alwaysApply`, `globs`, `description`) and Copilot's `.instructions.md`
 * (`applyTo`, `**` for always). Frontmatter is read with the `yaml` package (see frontmatter.ts);
 * keys a format does not decide by are carried as they are.
 */
import { readFrontmatter, textValue, writeFrontmatter } from "../frontmatter.js";
import { WarningLog } from "../warnings.js";
import {
  APPLIES_WORDS,
  expandedForList,
  globList,
  type RuleApplies,
  type RuleFile,
  type RuleFileCodec,
} from "./rule-file.js";

/** The frontmatter keys other than `known`, in file order; undefined when none. */
function extraKeys(
  data: Record<string, unknown>,
  known: readonly string[],
): Record<string, unknown> | undefined {
  const extra = Object.entries(data).filter(([key]) => !known.includes(key));
  return extra.length === 0 ? undefined : Object.fromEntries(extra);
}

/** A list of globs from a key that holds a list, or one comma-separated text. */
function globsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((entry) => globList(String(entry)));
  if (value === undefined || value === null) return [];
  return globList(String(value));
}

/** The rule as read: its name, condition, description and body, and the keys left. */
function ruleOf(
  name: string | undefined,
  applies: RuleApplies,
  description: string | undefined,
  body: string,
  extra: Record<string, unknown> | undefined,
): RuleFile {
  return {
    name: name ?? "rule",
    applies,
    ...(description !== undefined && description.trim() !== "" ? { description } : {}),
    body,
    ...(extra !== undefined ? { extra } : {}),
  };
}

/**
 * The rule's condition as `format` can say it: its own, or (one the format cannot say) loaded
 * at the start, with a warning naming what was lost. Sync never asks for that: it checks
 * {@link RuleFileCodec.expresses} first.
 */
function sayable(rule: RuleFile, codec: Pick<RuleFileCodec, "expresses">, label: string) {
  const log = new WarningLog();
  if (codec.expresses.includes(rule.applies.when)) return { applies: rule.applies, log };
  log.lossy(
    rule.name,
    "applies",
    `${label} has no rule ${APPLIES_WORDS[rule.applies.when]}; written as ${APPLIES_WORDS.always}`,
  );
  return { applies: { when: "always" } as RuleApplies, log };
}

/**
 * The rule's other keys, less those `known` to the target (its condition keys): a source key
 * of that name (a Cursor rule's stray `paths`) would change when the target loads the rule, so
 * it is dropped and said.
 */
function extraFor(
  rule: RuleFile,
  known: readonly string[],
  label: string,
  log: WarningLog,
): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rule.extra ?? {})) {
    if (!known.includes(key)) extra[key] = value;
    else
      log.lossy(
        rule.name,
        key,
        `"${key}" decides when ${label} loads a rule; the source's dropped`,
      );
  }
  return extra;
}

/** Globs as one comma-separated text, braces with commas expanded (they would split there). */
function listText(globs: readonly string[], rule: RuleFile, key: string, log: WarningLog): string {
  const out: string[] = [];
  for (const glob of globs) {
    const expanded = expandedForList(glob);
    if (expanded !== undefined) out.push(...expanded);
    else {
      out.push(glob);
      log.lossy(
        rule.name,
        key,
        `the glob ${JSON.stringify(glob)} holds commas a comma-separated ${key} splits at`,
      );
    }
  }
  return out.join(",");
}

/** The file: frontmatter of the defined entries (none: no block), then the body as it was. */
const fileText = (data: Record<string, unknown>, body: string) =>
  `${writeFrontmatter(data).replace(/\n\n$/, "\n")}${body}`;

/** A format whose `paths` list decides (Claude Code, Cline): none means always. */
function pathsFormat(id: string, label: string, fileLabel: string): RuleFileCodec {
  const codec: RuleFileCodec = {
    kind: "rule-file",
    id,
    fileLabel,
    expresses: ["always", "files"],
    parse(text, { name }) {
      const fm = readFrontmatter(fileLabel, text);
      const globs = globsOf(fm.data.paths);
      return {
        rule: ruleOf(
          name,
          globs.length > 0 ? { when: "files", globs } : { when: "always" },
          textValue(fm, "description"),
          fm.body,
          extraKeys(fm.data, ["paths", "description"]),
        ),
        warnings: [],
      };
    },
    render(rule) {
      const { applies, log } = sayable(rule, codec, label);
      const content = fileText(
        {
          ...(rule.description !== undefined ? { description: rule.description } : {}),
          ...(applies.when === "files" ? { paths: [...applies.globs] } : {}),
          ...extraFor(rule, ["paths", "description"], label, log),
        },
        rule.body,
      );
      return { content, warnings: log.list };
    },
  };
  return codec;
}

/** Claude Code's `.claude/rules/*.md`: `paths` globs, else loaded at the start. */
export const claudeRuleFile = pathsFormat("claude", "Claude Code", "claude rule markdown");

/** Cline's `.clinerules/*.md`: `paths` globs as Claude Code's, else loaded at the start. */
export const clineRuleFile = pathsFormat("cline", "Cline", "cline rule markdown");

/**
 * Cursor's `.cursor/rules/*.mdc`: `alwaysApply: true`, else `globs`, else a `description` the
 * model decides by, else only when the user names it.
 */
export const cursorRuleFile: RuleFileCodec = {
  kind: "rule-file",
  id: "cursor",
  fileLabel: "cursor rule mdc",
  expresses: ["always", "files", "asked", "manual"],
  parse(text, { name }) {
    const fm = readFrontmatter("cursor rule mdc", text);
    const globs = globsOf(fm.data.globs);
    const description = textValue(fm, "description");
    const always = fm.data.alwaysApply === true || fm.data.alwaysApply === "true";
    const applies: RuleApplies = always
      ? { when: "always" }
      : globs.length > 0
        ? { when: "files", globs }
        : description !== undefined && description.trim() !== ""
          ? { when: "asked" }
          : { when: "manual" };
    return {
      rule: ruleOf(
        name,
        applies,
        description,
        fm.body,
        extraKeys(fm.data, ["description", "globs", "alwaysApply"]),
      ),
      warnings: [],
    };
  },
  render(rule) {
    const log = new WarningLog();
    const { applies } = rule;
    const content = fileText(
      {
        ...(rule.description !== undefined ? { description: rule.description } : {}),
        ...(applies.when === "files" ? { globs: listText(applies.globs, rule, "globs", log) } : {}),
        alwaysApply: applies.when === "always",
        ...extraFor(rule, ["description", "globs", "alwaysApply"], "Cursor", log),
      },
      rule.body,
    );
    return { content, warnings: log.list };
  },
};

/**
 * Firebender's `.firebender/rules/*.mdc`: Cursor's format, which it documents as the same
 * (https://docs.firebender.com/context/rules).
 */
export const firebenderRuleFile: RuleFileCodec = {
  ...cursorRuleFile,
  id: "firebender",
  fileLabel: "firebender rule mdc",
};

/** What Copilot's `applyTo` says for every file. */
const EVERY_FILE = new Set(["**", "**/*"]);

/** GitHub Copilot's `.github/instructions/*.instructions.md`: `applyTo` globs, `**` for always. */
export const copilotRuleFile: RuleFileCodec = {
  kind: "rule-file",
  id: "copilot",
  fileLabel: "copilot instructions markdown",
  expresses: ["always", "files", "manual"],
  parse(text, { name }) {
    const fm = readFrontmatter("copilot instructions markdown", text);
    const globs = globsOf(fm.data.applyTo);
    const applies: RuleApplies = globs.some((glob) => EVERY_FILE.has(glob))
      ? { when: "always" }
      : globs.length > 0
        ? { when: "files", globs }
        : { when: "manual" };
    return {
      rule: ruleOf(
        name,
        applies,
        textValue(fm, "description"),
        fm.body,
        extraKeys(fm.data, ["applyTo", "description"]),
      ),
      warnings: [],
    };
  },
  render(rule) {
    const { applies, log } = sayable(rule, copilotRuleFile, "GitHub Copilot CLI");
    const applyTo =
      applies.when === "always"
        ? "**"
        : applies.when === "files"
          ? listText(applies.globs, rule, "applyTo", log)
          : undefined;
    const content = fileText(
      {
        ...(rule.description !== undefined ? { description: rule.description } : {}),
        ...(applyTo !== undefined ? { applyTo } : {}),
        ...extraFor(rule, ["applyTo", "description"], "GitHub Copilot CLI", log),
      },
      rule.body,
    );
    return { content, warnings: log.list };
  },
};

/**
 * How one format names a rule's condition: the frontmatter key that decides, its value for each
 * condition, the key the globs go under and how they are written, and what a file without the
 * key means.
 */
interface ConditionKeys {
  readonly id: string;
  readonly label: string;
  readonly fileLabel: string;
  /** The key whose value decides (`trigger`, `inclusion`). */
  readonly key: string;
  readonly values: Readonly<Record<RuleApplies["when"], string>>;
  /** The key of the globs of a `files` rule, and their value as written. */
  readonly globs: {
    readonly key: string;
    readonly value: (globs: readonly string[], rule: RuleFile, log: WarningLog) => unknown;
    /** Written before the description (Kiro), or after it (Windsurf). */
    readonly beforeDescription: boolean;
  };
  /** What a file without the key is: Kiro reads it at every start, Windsurf never. */
  readonly absent: "always" | "manual";
}

/**
 * A format whose one frontmatter key decides (Windsurf's and Antigravity's `trigger`, Kiro's
 * `inclusion`): always, files with globs, asked by the `description`, or manual. A value the
 * format does not know, or `files` without a glob, is read as manual, as the client leaves such
 * a file out of every start.
 */
function conditionKeyFormat(format: ConditionKeys): RuleFileCodec {
  const { key, values, globs, absent, fileLabel, label } = format;
  const known = [key, globs.key, "description"];
  return {
    kind: "rule-file",
    id: format.id,
    fileLabel,
    expresses: ["always", "files", "asked", "manual"],
    parse(text, { name }) {
      const fm = readFrontmatter(fileLabel, text);
      const value = fm.data[key];
      const found = globsOf(fm.data[globs.key]);
      const applies: RuleApplies =
        value === values.always || (value === undefined && absent === "always")
          ? { when: "always" }
          : value === values.files && found.length > 0
            ? { when: "files", globs: found }
            : value === values.asked
              ? { when: "asked" }
              : { when: "manual" };
      return {
        rule: ruleOf(
          name,
          applies,
          textValue(fm, "description"),
          fm.body,
          extraKeys(fm.data, known),
        ),
        warnings: [],
      };
    },
    render(rule) {
      const log = new WarningLog();
      const { applies } = rule;
      const pattern =
        applies.when === "files" ? { [globs.key]: globs.value(applies.globs, rule, log) } : {};
      const description = rule.description !== undefined ? { description: rule.description } : {};
      const content = fileText(
        {
          [key]: values[applies.when],
          ...(globs.beforeDescription
            ? { ...pattern, ...description }
            : { ...description, ...pattern }),
          ...extraFor(rule, known, label, log),
        },
        rule.body,
      );
      return { content, warnings: log.list };
    },
  };
}

/** Windsurf's and Antigravity's `trigger`: always_on, glob with `globs`, model_decision, manual. */
const trigger = (id: string, label: string, fileLabel: string) =>
  conditionKeyFormat({
    id,
    label,
    fileLabel,
    key: "trigger",
    values: { always: "always_on", files: "glob", asked: "model_decision", manual: "manual" },
    globs: {
      key: "globs",
      value: (list, rule, log) => listText(list, rule, "globs", log),
      beforeDescription: false,
    },
    absent: "manual",
  });

/** Windsurf's `.windsurf/rules/*.md`: `trigger` always_on, glob, model_decision or manual. */
export const windsurfRuleFile = trigger("windsurf", "Windsurf", "windsurf rule markdown");

/** Antigravity's `.agent/rules/*.md`: Windsurf's `trigger` keys. */
export const antigravityRuleFile = trigger(
  "antigravity",
  "Antigravity",
  "antigravity rule markdown",
);

/**
 * Kiro's `.kiro/steering/*.md`: `inclusion` always (or none), `fileMatch` with
 * `fileMatchPattern` (one glob or a list), `auto` by the `description`, or `manual`.
 */
export const kiroRuleFile: RuleFileCodec = conditionKeyFormat({
  id: "kiro",
  label: "Kiro",
  fileLabel: "kiro steering markdown",
  key: "inclusion",
  values: { always: "always", files: "fileMatch", asked: "auto", manual: "manual" },
  globs: {
    key: "fileMatchPattern",
    value: (list) => (list.length === 1 ? list[0] : [...list]),
    beforeDescription: true,
  },
  absent: "always",
});

/**
 * A rules folder whose every file is loaded whole at every start, frontmatter and all (Roo
 * Code's `.roo/rules/`, Amazon Q's `.amazonq/rules/`): the file is the rule. A rule with a
 * condition, a description or other keys cannot say them there: each is reported.
 */
function plainFormat(id: string, label: string, fileLabel: string): RuleFileCodec {
  const codec: RuleFileCodec = {
    kind: "rule-file",
    id,
    fileLabel,
    expresses: ["always"],
    parse(text, { name }) {
      return { rule: ruleOf(name, { when: "always" }, undefined, text, undefined), warnings: [] };
    },
    render(rule) {
      const { log } = sayable(rule, codec, label);
      if (rule.description !== undefined) {
        log.lossy(rule.name, "description", `${label} reads no frontmatter; dropped`);
      }
      for (const key of Object.keys(rule.extra ?? {})) {
        log.lossy(rule.name, key, `${label} reads no frontmatter; "${key}" dropped`);
      }
      return { content: rule.body, warnings: log.list };
    },
  };
  return codec;
}

/** Roo Code's `.roo/rules/`: every file loaded whole. */
export const rooRuleFile = plainFormat("roo", "Roo Code", "roo rule markdown");

/** Amazon Q Developer's `.amazonq/rules/**\/*.md`: every file loaded whole. */
export const amazonqRuleFile = plainFormat(
  "amazonq",
  "Amazon Q Developer",
  "amazonq rule markdown",
);

/**
 * The rule-file formats by id: the client whose rules folder reads them.
 *
 * @example
 * ```ts
 * RULE_FILE_FORMATS.cursor.parse(mdc, { name: "react" }).rule.applies; // { when: "files", globs: [...] }
 * ```
 */
export const RULE_FILE_FORMATS: Readonly<Record<string, RuleFileCodec>> = {
  claude: claudeRuleFile,
  cursor: cursorRuleFile,
  cline: clineRuleFile,
  copilot: copilotRuleFile,
  windsurf: windsurfRuleFile,
  antigravity: antigravityRuleFile,
  kiro: kiroRuleFile,
  roo: rooRuleFile,
  amazonq: amazonqRuleFile,
  firebender: firebenderRuleFile,
};

/**
 * A rule file of format `from` written in format `to`: the text, and what `to` could not hold.
 *
 * @throws ConfigParseError when the source's frontmatter cannot be read.
 * @example
 * ```ts
 * convertRuleFile("---\npaths:\n  - src/**\n---\nUse strict mode.\n", { from: "claude", to: "cursor", name: "ts" }).content;
 * ```
 */
export function convertRuleFile(
  text: string,
  options: { readonly from: string; readonly to: string; readonly name: string },
): { readonly content: string; readonly rule: RuleFile; readonly warnings: RuleFileWarnings } {
  const source = RULE_FILE_FORMATS[options.from] as RuleFileCodec;
  const target = RULE_FILE_FORMATS[options.to] as RuleFileCodec;
  const parsed = source.parse(text, { name: options.name });
  const rendered = target.render(parsed.rule);
  return {
    content: rendered.content,
    rule: parsed.rule,
    warnings: [...parsed.warnings, ...rendered.warnings],
  };
}

/** What a conversion could not carry, naming the rule and the key. */
type RuleFileWarnings = ReturnType<RuleFileCodec["render"]>["warnings"];
