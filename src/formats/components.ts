/**
 * Priority components as the engine's items: parts of a text, each with a priority (0 never
 * gives way, higher numbers give way first), an optional time and a shrink rule. The `project`
 * formats and `truncateByPriority` both describe their parts this way.
 */
import { arrayArgument, badArgument } from "../problems/arguments.js";
import type { AdapterItem } from "./adapter.js";

/** One part of a text that competes for the budget, with its importance and how it shrinks. */
export interface PriorityComponent {
  /** Names the component in the result and the report. */
  readonly id: string;
  /** 0 is never shrunk nor dropped; higher numbers are less important (P5 goes before P1). */
  readonly priority: number;
  /** Epoch milliseconds; among equal priority, newer components are kept first. */
  readonly time?: number;
  /** The full text. End it with `"\n"` when components are joined line by line. */
  readonly text: string;
  /**
   * A shorter form of `text`, or `undefined` when it cannot shrink further. Applied again to its
   * own result for further steps; a result that is not shorter ends the steps. It must not depend
   * on the budget: that is what keeps truncation monotone.
   */
  readonly shrink?: (text: string) => string | undefined;
}

/**
 * A component's forms: its text and then each shorter form its shrink function yields, until one
 * is empty or not shorter.
 *
 * @example
 * ```ts
 * shrinkForms({ id: "todos", priority: 2, text: "- a\n- b\n", shrink: (t) => t.length > 4 ? "- a\n" : undefined });
 * // ["- a\n- b\n", "- a\n"]
 * ```
 */
export function shrinkForms(component: PriorityComponent, path = "component"): string[] {
  const forms = [component.text];
  let current = component.text;
  while (component.shrink) {
    const next: unknown = component.shrink(current);
    if (next !== undefined && typeof next !== "string") {
      badArgument(`${path}.shrink`, "a function returning a string or undefined", next);
    }
    if (next === undefined || next === "" || next.length >= current.length) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/** Throws `InvalidInputError` naming the first component that lacks the documented shape. */
export function checkComponents(components: readonly PriorityComponent[]): void {
  arrayArgument(components, "components");
  // An index loop, not forEach: a hole in a sparse array is a missing component, not nothing.
  for (let index = 0; index < components.length; index += 1) {
    const component = components[index] as PriorityComponent;
    const path = `components[${index}]`;
    if (typeof component !== "object" || component === null) {
      badArgument(path, "an object", component);
    }
    if (typeof component.id !== "string") badArgument(`${path}.id`, "a string", component.id);
    if (typeof component.text !== "string") badArgument(`${path}.text`, "a string", component.text);
    if (typeof component.priority !== "number" || !Number.isFinite(component.priority)) {
      badArgument(`${path}.priority`, "a finite number", component.priority);
    }
    const { time, shrink } = component;
    if (time !== undefined && (typeof time !== "number" || Number.isNaN(time))) {
      badArgument(`${path}.time`, "a number", time);
    }
    if (shrink !== undefined && typeof shrink !== "function") {
      badArgument(`${path}.shrink`, "a function", shrink);
    }
  }
}

/** A component with its place among the others and its forms, longest first. */
export interface PlacedComponent<C extends PriorityComponent = PriorityComponent> {
  readonly component: C;
  /** Its index in the input: components are joined in this order. */
  readonly order: number;
  readonly forms: readonly string[];
}

/**
 * The engine's items for `components`: priority 0 required, the others ordered by their priority
 * (P1 before P5) and then by time, each with the forms its shrink rule gives. A component with no
 * shorter form gives way whole, at its turn among the shortenings (the original design's "omit
 * entirely if needed").
 */
export function componentItems<C extends PriorityComponent>(
  components: readonly C[],
  pathOf: (component: C, index: number) => string,
): AdapterItem<PlacedComponent<C>>[] {
  return components.map((component, order) => {
    const required = component.priority === 0;
    const path = pathOf(component, order);
    const forms = required ? [component.text] : shrinkForms(component, path);
    return {
      id: component.id,
      path,
      value: { component, order, forms },
      required,
      // The engine puts higher priorities first; P1 is the most important after P0.
      priority: -component.priority,
      ...(component.time !== undefined ? { time: component.time } : {}),
      forms: forms.length,
      ...(!required && forms.length === 1 ? { omitFirst: true } : {}),
    };
  });
}

/** A placed component's text in `form`. */
export const componentText = ({ forms }: PlacedComponent, form: number): string =>
  forms[form] ?? (forms[0] as string);

/** The chosen components in their input order. */
export const inInputOrder = <P extends PlacedComponent>(included: readonly P[]): P[] =>
  [...included].sort((a, b) => a.order - b.order);
