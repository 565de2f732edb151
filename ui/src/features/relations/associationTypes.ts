//! What an association type means, in words for a tooltip and an accessible description: the
//! specification's sentence for a defined type (from the backend, declared once in Rust), and
//! for a framework's own (`ext:`) type its name and, when the framework defines it, its
//! description and URI.

import type { AssociationTypeInfo } from "../../bindings/AssociationTypeInfo";

/** The explanations of association types, by type as given. */
export type TypeExplanations = Map<string, string>;

/** The words explaining `info`. */
export function explanation(info: AssociationTypeInfo): string {
  if (info.meaning) {
    const read = info.definedAs && info.definedAs !== info.associationType ? `Read as ${info.definedAs}. ` : "";
    return `${read}${info.meaning}`;
  }
  const what = info.associationType.startsWith("ext:")
    ? `${info.associationType}: an extension type, not one CASE defines.`
    : `${info.associationType}: not a CASE association type.`;
  const definition = info.definition;
  if (!definition) return `${what} This framework does not define it.`;
  const named = definition.title ? ` (${definition.class} “${definition.title}”)` : ` (${definition.class})`;
  const parts = [
    what,
    definition.description ? `${definition.description}${named}` : `Defined by this framework${named}.`,
  ];
  if (definition.uri) parts.push(`URI: ${definition.uri}`);
  return parts.join(" ");
}

/** Every answer's explanations by type; the first answer naming a type wins. */
export function explanations(...answers: Array<AssociationTypeInfo[] | undefined>): TypeExplanations {
  const out: TypeExplanations = new Map();
  for (const info of answers.flatMap((a) => a ?? [])) {
    if (!out.has(info.associationType)) out.set(info.associationType, explanation(info));
  }
  return out;
}

/** The explanation of `type`; one in words for a type no answer names (yet). */
export function explain(known: TypeExplanations, type: string): string {
  return (
    known.get(type) ??
    (type.startsWith("ext:")
      ? `${type}: an extension type, not one CASE defines.`
      : `${type}: not a CASE association type.`)
  );
}
