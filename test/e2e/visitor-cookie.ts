// The widget's visitor cookie as a browser context holds it, read as the widget reads it.
import { parseCookieString } from '../../src/core/visitor/cookies.ts';
import { parseVisitorRecord, VISITOR_COOKIE, type VisitorRecord } from '../../src/core/visitor/record.ts';

export function visitorRecordOf(cookies: readonly { name: string; value: string }[]): VisitorRecord {
  const cookie = cookies.find((candidate) => candidate.name === VISITOR_COOKIE);
  return parseVisitorRecord(
    cookie ? parseCookieString(`${cookie.name}=${cookie.value}`)[VISITOR_COOKIE] : null,
    Date.now(),
  );
}
