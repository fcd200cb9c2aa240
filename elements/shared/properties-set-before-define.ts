/**
 * A value a framework or a script sets as a property on a tag that is not defined yet stays on the element as a
 * data property of its own, which hides the class's setter once the tag is defined (the lazy-property case of
 * the custom-element best practices). Each such value is taken off and set again, through its setter.
 */
export function adoptPropertiesSetBeforeDefine(element: HTMLElement): void {
  const own = element as unknown as Record<string, unknown>;
  for (const name of Object.keys(own)) {
    if (!hasSetter(Object.getPrototypeOf(element) as object | null, name)) continue;
    const value = own[name];
    delete own[name];
    own[name] = value;
  }
}

/** Whether a class between the element's own and HTMLElement has a setter for `name`. */
function hasSetter(prototype: object | null, name: string): boolean {
  for (
    let current = prototype;
    current && current !== HTMLElement.prototype;
    current = Object.getPrototypeOf(current) as object | null
  ) {
    const descriptor = Object.getOwnPropertyDescriptor(current, name);
    if (descriptor) return typeof descriptor.set === 'function';
  }
  return false;
}
