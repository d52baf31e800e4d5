import { RuleSetSchema, claudeAdapter, defaultCounter } from "contextfmt";
import { manyRules } from "./test/fixtures/rules.js";
import { orderItems } from "./src/manager/order.js";
import { createCountingSession } from "./src/tokens/counter.js";
const input = { rules: manyRules(10_000) };
const T: Record<string, number[]> = {};
const t = (k: string, f: () => any) => { const s = performance.now(); const r = f(); (T[k] ??= []).push(performance.now() - s); return r; };
for (let i = 0; i < 10; i++) {
  const parsed = t("parse", () => RuleSetSchema.safeParse(input, { reportInput: true }).data!);
  const ctx = { options: {}, now: new Date(), report: () => {} };
  const items = t("items", () => claudeAdapter.items(parsed, ctx as any));
  const ordered = t("order", () => orderItems(items));
  const texts = t("renderItems", () => ordered.map((it, i) => claudeAdapter.renderItem(it.value, { ...ctx, position: i + 1 } as any)));
  const session = createCountingSession(defaultCounter);
  t("countItems", () => texts.map((x) => session.count(x)));
  const m = new Map(ordered.map((o, i) => [o.value, texts[i]!]));
  const r = t("render", () => claudeAdapter.render({ input: parsed, included: ordered.map((x) => x.value), skippedCount: 0, item: (v: any) => m.get(v)! }, ctx as any));
  t("countContent", () => session.count(r.content));
  t("validate", () => claudeAdapter.validate(r.content, { itemsIncluded: 10000, itemsSkipped: 0, metadata: r.metadata ?? {}, report: () => {} }));
}
for (const [k, v] of Object.entries(T)) console.log(k.padEnd(14), (v.slice(4).reduce((a, b) => a + b) / (v.length - 4)).toFixed(1));
