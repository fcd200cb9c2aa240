/** The kinds of element the controller itself writes into the page. */
export type ControllerTagKind = 'embed' | 'teaser';

/** Every tag name the controller writes into the page, in one place (a tag registry can answer this instead). */
export function controllerTag(kind: ControllerTagKind): 'poptin-embed' | 'poptin-teaser' {
  return kind === 'embed' ? 'poptin-embed' : 'poptin-teaser';
}
