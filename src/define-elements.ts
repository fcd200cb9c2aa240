// poptin-elements/define: the elements' code loaded on request, for apps that render them with a framework.
import { handPlacedLoaders } from './registry.ts';

/** Every element of the package that defineElements() can load, the controller apart (the loader defines it). */
export type PoptinElementTag = keyof typeof handPlacedLoaders;

/**
 * Loads and defines the elements now rather than when one first appears in the page. A framework that renders an
 * element before its tag is defined cannot find its properties and writes an object (a wheel's prizes) as the
 * text "[object Object]"; awaited before the first render, it sets them as properties. Rejects naming a tag the
 * package lacks.
 */
export async function defineElements(tags: readonly string[] = Object.keys(handPlacedLoaders)): Promise<void> {
  const unknown = tags.filter((tag) => !(tag in handPlacedLoaders));
  if (unknown.length > 0)
    throw new Error(
      `poptin-elements has no ${unknown.map((tag) => `<${tag}>`).join(', ')}; it has ${Object.keys(handPlacedLoaders).join(', ')}`,
    );
  await Promise.all(tags.map((tag) => (customElements.get(tag) ? undefined : handPlacedLoaders[tag]!())));
}
