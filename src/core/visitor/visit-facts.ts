import type { VisitFacts } from '../rules/traffic-source.ts';
import type { PageViewFields, PageVisitor } from './page-visitor.ts';

/**
 * What the visit rules read: the visit's first page as the session field keeps it (its referrer's host and campaign
 * parameters, page-visitor.ts), and whether this page view is the visit's first.
 */
export function visitFactsOf(
  visitor: Pick<PageVisitor, 'field' | 'returning'>,
  fields: Pick<PageViewFields, 'previous_visited_pages'>,
): VisitFacts {
  const session = visitor.field('s')?.values ?? [];
  return {
    referrerHost: session[4] ?? '',
    campaign: session[5] ?? '',
    landing: fields.previous_visited_pages === '',
    returning: visitor.returning,
  };
}
