/**
 * contextfmt/adapters: what someone writing a format of their own needs. `defineAdapter` and the
 * adapter contract, template adapters and the built-in templates, the escaping helpers the
 * built-in formats use, the counters' line units, `parseWith`, and the schemas the formats are
 * built from. Pure, like the core entry; an application that only formats needs none of it.
 */

export {
  type AdapterItem,
  defineAdapter,
  type FormatAdapter,
  type FormatType,
  type RenderContext,
  type Rendered,
  type RenderPlan,
  type ToolCapabilities,
  type ValidationContext,
} from "./formats/adapter.js";
export {
  escapeLineStart,
  escapeMarkdownInline,
  escapeMarkdownLineStart,
  escapeTags,
  escapeXmlAttribute,
  escapeXmlText,
  inlineText,
  sanitizeText,
  titleCase,
} from "./formats/escape.js";
export { ProjectBlocksInputSchema } from "./formats/project/adapter.js";
export { builtinAdapters } from "./manager/format-manager.js";
export type {
  AnyFormatAdapter,
  BuiltinAdapter,
  BuiltinFormats,
  FormatInputOf,
  NoOptions,
  TypedFormatAdapter,
} from "./manager/format-types.js";
export { type CommonOptions, CommonOptionsSchema } from "./manager/options.js";
export { MemoryCategorySchema } from "./model/memory.js";
export { parseWith } from "./model/parse.js";
export { ProjectStatusSchema, TodoSchema } from "./model/project.js";
export { AuthoritySchema } from "./model/rule.js";
export { InjectionCategorySchema } from "./model/session.js";
export { UserFactSchema } from "./model/user.js";
export {
  CLAUDE_DEFAULT_TEMPLATE,
  CODEX_DEFAULT_TEMPLATE,
  DOCUMENT_VARIABLES,
  defaultTemplates,
  GEMINI_DEFAULT_TEMPLATE,
  RULE_VARIABLES,
  selectTemplate,
} from "./templates/defaults.js";
export { type ContextTemplate, renderTemplate, templateVariables } from "./templates/template.js";
export { defineTemplateAdapter, type TemplateAdapter } from "./templates/template-adapter.js";
export { isSafeBoundary, splitLineUnits } from "./tokens/counter.js";
export {
  type SectionBreakdown,
  sectionBreakdown,
  type TextSection,
  type TextSectionKind,
} from "./tokens/sections.js";
