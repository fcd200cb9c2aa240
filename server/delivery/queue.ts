// What a stored lead owes the site's destinations: the deliveries its statement queues, and who is told of them.

/** Told when leads were stored with their deliveries: the delivery worker of this process looks at once. */
export interface LeadArrivals {
  leadStored(): void;
}

/** Nobody listening: a process without a delivery worker (another one sends). */
export const NO_LEAD_ARRIVALS: LeadArrivals = { leadStored: () => undefined };

/**
 * Whether the lead in `lead` (a row with email, poptin_id and opt_in) goes to the destination in `destination`: the
 * visitor's own e-mail only when its pop-up sends one and the lead has an address; an unconfirmed lead not to the
 * destinations that take confirmed leads only (they get it once it is confirmed).
 */
const deliveryWanted = (lead: string) => `(destination.kind <> 'visitor_email' OR (${lead}.email IS NOT NULL
    AND EXISTS (SELECT 1 FROM popups p WHERE p.poptin_id = ${lead}.poptin_id AND p.config -> 'visitor_email' ->> 'enabled' = 'true')))
  AND (${lead}.opt_in IS DISTINCT FROM 'unconfirmed' OR destination.settings ->> 'confirmedOnly' IS DISTINCT FROM 'true')`;

/**
 * When a new delivery is first tried, from its row in `destination`: at once, or for an e-mail destination sending a
 * daily digest (senders.ts), at the next midnight UTC, with the day's other leads.
 */
const FIRST_ATTEMPT_AT = `CASE WHEN destination.kind = 'email' AND destination.settings ->> 'digest' = 'daily'
  THEN (date_trunc('day', now() AT TIME ZONE 'UTC') + interval '1 day') AT TIME ZONE 'UTC' ELSE now() END`;

/**
 * The CTE `queued` that queues the deliveries of the leads in `lead` (a CTE of stored conversions rows: id, client_id,
 * email, poptin_id, opt_in) to their site's enabled destinations, in the statement, so the transaction, that stores
 * them. `only`: a further condition on the lead; `again`: the lead may have been queued before (a lead moved out of
 * spam), those deliveries stay as they are and `queued` returns the new ones' ids.
 */
export function queueDeliveries(
  lead: string,
  { only, again = false }: { only?: string; again?: boolean } = {},
): string {
  return `queued AS (
         INSERT INTO deliveries (destination_id, conversion_id, client_id, next_attempt_at)
         SELECT destination.id, ${lead}.id, ${lead}.client_id, ${FIRST_ATTEMPT_AT} FROM ${lead} JOIN destinations destination ON destination.client_id = ${lead}.client_id
         WHERE ${only ? `${only} AND ` : ''}destination.enabled AND ${deliveryWanted(lead)} ORDER BY ${lead}.id, destination.id${
           again ? '\n         ON CONFLICT (destination_id, conversion_id) DO NOTHING RETURNING id' : ''
         }
       )`;
}

/**
 * The CTE `resent`: a lead of a pop-up in steps made whole after its partial lead was queued (its visitor came back
 * and finished) goes again to each destination that had the partial lead or is sending it, as when first queued (a
 * daily digest at the next midnight), but not before a send in flight has had its lease, so that the whole lead
 * arrives after the partial one; that send's answer releases it sooner (releaseResentDeliveries). Not the visitor's
 * own e-mail, which the visitor already had. `lead`: a CTE of the conversions made whole (id).
 */
export function resendDeliveries(lead: string): string {
  return `resent AS (
         UPDATE deliveries d SET status = 'pending', attempts = 0, window_started_at = now(), finished_at = NULL,
           next_attempt_at = GREATEST(${FIRST_ATTEMPT_AT}, COALESCE(d.lease_until, now())), lease_token = NULL, lease_until = NULL
         FROM ${lead}, destinations destination
         WHERE d.conversion_id = ${lead}.id AND destination.id = d.destination_id AND destination.kind <> 'visitor_email'
           AND (d.status <> 'pending' OR d.lease_token IS NOT NULL)
         RETURNING d.id
       )`;
}

/**
 * The CTE `released`: of the deliveries in `tried` (a CTE of the tries being recorded: id), those sent again while
 * the try was in flight (resendDeliveries: pending, no lease, no attempt yet), due now that the send they waited for
 * is answered, as when first queued (a daily digest keeps its midnight). Answers their id and destination_id.
 */
export function releaseResentDeliveries(tried: string): string {
  return `released AS (
         UPDATE deliveries d SET next_attempt_at = ${FIRST_ATTEMPT_AT}
         FROM ${tried}, destinations destination
         WHERE d.id = ${tried}.id AND destination.id = d.destination_id
           AND d.status = 'pending' AND d.lease_token IS NULL AND d.attempts = 0
         RETURNING d.id, d.destination_id
       )`;
}
