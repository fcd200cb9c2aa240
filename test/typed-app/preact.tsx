/** @jsxImportSource preact */
// The same elements in a Preact component, against the Preact typings.
import type {} from 'poptin-elements/preact';

export function Countdown() {
  return (
    <div>
      <poptin-countdown
        ends-at="2026-12-31T23:59:00+02:00"
        onpoptin-countdown-end={(event) => console.log(event.detail.endsAt)}
      />
      {/* @ts-expect-error: a teaser mode the package does not know */}
      <poptin-teaser mode="sometimes" />
    </div>
  );
}
