// Apart from controller-tag.ts, which the loader holds: only a placed embed looks for the loader's script tag.
/** The page's loader script tag: the one whose address ends in poptin.js. */
export function loaderScript(document: Document): HTMLScriptElement | null {
  return (
    Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]')).find((script) =>
      /\/poptin\.js(?:[?#]|$)/.test(script.src),
    ) ?? null
  );
}
