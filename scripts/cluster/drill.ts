// `npm run drill`: the failover drill of the production layout (cluster.ts), on a cluster of its own in a temporary
// folder (DRILL_PORT, default 28780, is its nginx). Visitors make display calls, views and leads through nginx at a
// steady pace, the leads going to a webhook receiver on 127.0.0.1; then, in turn: one server process is killed
// (kill -9; it is started again after 1 s as a service manager would), the PostgreSQL primary's machine is lost
// (Patroni and PostgreSQL killed with -9; Patroni promotes the synchronous standby), and the old primary is started
// again (Patroni makes it the new standby). A lead is sent as the widget's outbox sends it: again with the same
// idempotency key until it is acknowledged. At the end every acknowledged lead must be in the database once, on
// both members, and delivered to the webhook.
// The visitors run in this process on the same machine: the load average is printed, as the machine's figures.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Cluster, installMissing, startCluster } from './cluster.ts';

const VISITS_PER_SECOND = Number(process.env.DRILL_VISITS_PER_SECOND ?? 30);
/** One visit in this many leaves a lead. */
const LEAD_EVERY = 3;
const STEADY_MS = Number(process.env.DRILL_STEADY_SECONDS ?? 10) * 1000;
const SITE = 'demo';
const REQUEST_TIMEOUT_MS = 10_000;
const DRAIN_MS = 90_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ');

interface Phase {
  name: string;
  startedAt: number;
  /** Requests answered in this phase, by kind: 2xx, failed (another status, or no answer). */
  counts: Record<'display' | 'view' | 'lead', { ok: number; failed: number }>;
  /** The failures' statuses (0: no answer), by kind and status. */
  failures: Record<string, number>;
  note: string;
}

const phases: Phase[] = [];
function beginPhase(name: string): Phase {
  const phase: Phase = {
    name,
    startedAt: now(),
    counts: { display: { ok: 0, failed: 0 }, view: { ok: 0, failed: 0 }, lead: { ok: 0, failed: 0 } },
    failures: {},
    note: '',
  };
  phases.push(phase);
  return phase;
}

/** Each write (a view or a lead) answered 2xx, when it was sent and answered: when writes came back is read here. */
const writeSuccesses: { sentAt: number; answeredAt: number }[] = [];

async function post(
  kind: keyof Phase['counts'],
  url: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> | null; retryAfterMs: number }> {
  // Counted in the phase in which the answer came: a request sent just before a fault may fail because of it.
  const counts = () => phases.at(-1)!.counts[kind];
  const failure = (status: number) => {
    const phase = phases.at(-1)!;
    counts().failed += 1;
    phase.failures[`${kind} ${status}`] = (phase.failures[`${kind} ${status}`] ?? 0) + 1;
  };
  const sentAt = now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const ok = response.status >= 200 && response.status < 300;
    if (ok) counts().ok += 1;
    else failure(response.status);
    if (ok && kind !== 'display') writeSuccesses.push({ sentAt, answeredAt: now() });
    return {
      status: response.status,
      json: ok ? (JSON.parse(text) as Record<string, unknown>) : null,
      retryAfterMs: Number(response.headers.get('retry-after') ?? 0) * 1000,
    };
  } catch {
    failure(0);
    return { status: 0, json: null, retryAfterMs: 0 };
  }
}

interface Lead {
  email: string;
  acknowledgedId: number | null;
  /** A 4xx: the server refused the lead itself (not a fault of the layout). */
  refused: number | null;
  attempts: number;
}

const leads: Lead[] = [];
let visitsStarted = 0;
let generating = true;

/** Sends the lead until it is acknowledged, as the widget's outbox does: same key, a growing wait between tries. */
async function sendLead(cluster: Cluster, viewerId: string, lead: Lead, stamp: string): Promise<void> {
  const url = `${cluster.url}/api/display/conversion/${viewerId}`;
  const body = {
    email: lead.email,
    name: 'Drill Lead',
    idempotency_key: `drill-${stamp}-${lead.email}`,
    fields: { Email: lead.email, consent: true },
  };
  let waitMs = 250;
  const giveUpAt = Date.now() + DRAIN_MS + 600_000;
  while (Date.now() < giveUpAt) {
    lead.attempts += 1;
    const answer = await post('lead', url, body);
    if (answer.json) {
      lead.acknowledgedId = Number(answer.json.conversion_id);
      return;
    }
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
      lead.refused = answer.status;
      return;
    }
    await sleep(Math.max(waitMs, answer.retryAfterMs));
    waitMs = Math.min(waitMs * 2, 2_000);
  }
}

async function visit(cluster: Cluster, n: number, stamp: string, pending: Set<Promise<void>>): Promise<void> {
  const display = await post('display', `${cluster.url}/api/display/${SITE}`, {});
  const popup = (display.json?.poptins as { poptin_id: string; viewer_id: string }[] | undefined)?.[0];
  if (!popup) return;
  await post('view', `${cluster.url}/api/display/viewed/${popup.poptin_id}`, {
    viewer_id: popup.viewer_id,
    idempotency_key: `drill-view-${stamp}-${n}`,
    url: `https://drill.example/page-${n % 20}`,
  });
  if (n % LEAD_EVERY !== 0) return;
  const lead: Lead = { email: `drill-${stamp}-${n}@drill.example`, acknowledgedId: null, refused: null, attempts: 0 };
  leads.push(lead);
  const sending = sendLead(cluster, popup.viewer_id, lead, stamp);
  pending.add(sending);
  await sending;
  pending.delete(sending);
}

/** Visits started at a steady pace, whatever the answers take; resolves once generation stops and all are done. */
async function generateLoad(cluster: Cluster, stamp: string): Promise<void> {
  const pending = new Set<Promise<void>>();
  const visits = new Set<Promise<void>>();
  const interval = 1000 / VISITS_PER_SECOND;
  let next = now();
  while (generating) {
    const n = ++visitsStarted;
    const one = visit(cluster, n, stamp, pending).finally(() => visits.delete(one));
    visits.add(one);
    next += interval;
    await sleep(Math.max(0, next - now()));
  }
  await Promise.all(visits);
}

/** The primary, asked again for up to 30 s: a busy machine may keep Patroni's answer waiting. */
async function primaryOf(cluster: Cluster) {
  for (let tries = 0; tries < 30; tries++) {
    const primary = await cluster.primary();
    if (primary) return primary;
    await sleep(1_000);
  }
  throw new Error('no primary');
}

/** Milliseconds from `since` to the first write sent after it that was answered 2xx, waiting up to `timeoutMs`. */
async function writesBackAfter(since: number, timeoutMs = 120_000): Promise<number> {
  const until = now() + timeoutMs;
  for (;;) {
    const first = writeSuccesses.find((write) => write.sentAt > since);
    if (first !== undefined) return first.answeredAt - since;
    if (now() > until) throw new Error('writes did not succeed again');
    await sleep(100);
  }
}

async function main(): Promise<void> {
  installMissing((line) => console.log(line));
  const arrivals: { email: string; webhookId: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const email = (JSON.parse(body) as { lead: { email: string } }).lead.email;
      arrivals.push({ email, webhookId: String(request.headers['webhook-id']) });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;

  const dir = mkdtempSync(path.join(os.tmpdir(), 'poptin-drill-'));
  console.log(`load average at the start: ${loadAverage()}; cluster in ${dir}`);
  const startedAt = now();
  const cluster = await startCluster({
    dir,
    basePort: Number(process.env.DRILL_PORT ?? 28780),
    serverEnv: {
      RATE_LIMIT_MAX: '100000000',
      DELIVERY_ALLOW_PRIVATE: '1',
      SPAM_MIN_SUBMIT_MS: '0',
      SPAM_IMPOSSIBLE_SUBMIT_MS: '0',
    },
  });
  let failed = true;
  const interrupted = () => {
    console.log('interrupted: stopping the cluster');
    cluster.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    console.log(`cluster up in ${seconds(now() - startedAt)} s at ${cluster.url}`);
    const destination = await fetch(`${cluster.url}/api/owner/${SITE}/destinations`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${cluster.secrets.ownerToken}`,
        'content-type': 'application/json',
        origin: cluster.url,
      },
      body: JSON.stringify({ kind: 'webhook', name: 'Drill receiver', settings: { url: hookUrl } }),
    });
    if (!destination.ok) throw new Error(`the webhook destination: ${destination.status} ${await destination.text()}`);

    const stamp = Date.now().toString(36);
    beginPhase('steady');
    const load = generateLoad(cluster, stamp);
    await sleep(STEADY_MS);

    // A server process dies: nginx sends its requests to the other two, the service manager starts it again.
    const server = cluster.servers[1]!;
    const serverPid = server.pid;
    const serverFault = beginPhase(`kill -9 server 2 (pid ${serverPid})`);
    server.crash();
    const crashedAt = now();
    while (!server.pid || server.pid === serverPid) await sleep(50);
    const restartedAfter = now() - crashedAt;
    const port = cluster.ports.servers[1];
    while (
      !(await fetch(`http://127.0.0.1:${port}/poptin.js`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await sleep(250);
    serverFault.note = `started again ${seconds(restartedAfter)} s later, serving after ${seconds(now() - crashedAt)} s`;
    await sleep(STEADY_MS);

    // The primary's machine is lost; the standby is promoted once the leader key expires.
    const old = await primaryOf(cluster);
    const primaryFault = beginPhase(`kill -9 primary ${old.name} (Patroni and PostgreSQL)`);
    const lostAt = now();
    old.lose();
    const writesBack = await writesBackAfter(lostAt);
    const promoted = await primaryOf(cluster);
    primaryFault.note = `writes succeed again after ${seconds(writesBack)} s; ${promoted.name} is primary`;
    await sleep(STEADY_MS);

    // The old primary comes back: Patroni rewinds it and makes it the synchronous standby of the new one.
    const rejoin = beginPhase(`restart ${old.name} as the standby`);
    const restartedAt = now();
    old.patroni.start();
    await cluster.replicated(240_000);
    rejoin.note = `synchronous standby again after ${seconds(now() - restartedAt)} s`;
    await sleep(STEADY_MS);

    beginPhase('after');
    await sleep(STEADY_MS);
    generating = false;
    await load;

    const result = await check(cluster, leads, arrivals, stamp);
    printPhases();
    console.log(result.lines.join('\n'));
    console.log(`load average at the end: ${loadAverage()}`);
    console.log(
      `acknowledged ${result.acknowledged}, lost ${result.lost}, duplicated ${result.duplicated}, ` +
        `on the standby ${result.onStandby}/${result.acknowledged}, delivered ${result.delivered}/${result.acknowledged} ` +
        `(${result.repeatedDeliveries} sent twice), display calls failed ${result.displayFailed} of ${result.displays}, ` +
        `writes back ${seconds(writesBack)} s after the primary was lost`,
    );
    failed = result.lost > 0 || result.duplicated > 0 || result.delivered < result.acknowledged;
  } finally {
    await cluster.stop();
    receiver.close();
    // The logs are kept, the databases not.
    for (const data of ['pg1/data', 'pg2/data', 'etcd']) rmSync(path.join(dir, data), { recursive: true, force: true });
    console.log(`the cluster's logs are kept in ${dir}`);
  }
  process.exit(failed ? 1 : 0);
}

function printPhases(): void {
  const cell = (count: { ok: number; failed: number }) => `${count.ok} ok / ${count.failed} failed`.padEnd(22);
  console.log(`${'phase'.padEnd(56)}${'display calls'.padEnd(22)}${'views'.padEnd(22)}${'lead requests'.padEnd(22)}`);
  for (const [index, phase] of phases.entries()) {
    const end = phases[index + 1]?.startedAt ?? now();
    const name = `${phase.name}, ${seconds(end - phase.startedAt)} s`;
    console.log(
      `${name.padEnd(56)}${cell(phase.counts.display)}${cell(phase.counts.view)}${cell(phase.counts.lead)}${phase.note}`,
    );
    const failures = Object.entries(phase.failures).map(([what, count]) => `${what}: ${count}`);
    if (failures.length > 0) console.log(`${''.padEnd(56)}failed answers (status 0: none): ${failures.join(', ')}`);
  }
}

/** Every acknowledged lead in the database once, on both members, and delivered. */
async function check(cluster: Cluster, sent: Lead[], arrivals: { email: string; webhookId: string }[], stamp: string) {
  const acknowledged = sent.filter((lead) => lead.acknowledgedId !== null);
  const count = async (connection: pg.ClientConfig) => {
    const client = new pg.Client(connection);
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string; copies: number }>(
        'SELECT email, count(*)::int AS copies FROM conversions WHERE client_id = $1 AND email LIKE $2 GROUP BY email',
        [SITE, `drill-${stamp}-%`],
      );
      return new Map(rows.map((row) => [row.email, row.copies]));
    } finally {
      await client.end();
    }
  };
  const stored = await count({ connectionString: cluster.databaseUrl });
  const primary = await primaryOf(cluster);
  const standby = cluster.members.find((member) => member !== primary)!;
  const standbyPort = cluster.ports.postgres[cluster.members.indexOf(standby)];
  // Replayed up to the primary's last commit (synchronous_commit on: flushed there, replayed a moment later).
  await sleep(1_000);
  const onStandby = await count({
    host: '127.0.0.1',
    port: standbyPort,
    user: 'poptin',
    password: cluster.secrets.app,
    database: 'poptin',
  });

  const until = now() + DRAIN_MS;
  const delivered = () => new Set(arrivals.map((arrival) => arrival.email));
  while (acknowledged.some((lead) => !delivered().has(lead.email)) && now() < until) await sleep(250);
  const arrivedLeads = delivered();
  const webhookIds = new Map<string, Set<string>>();
  for (const arrival of arrivals) {
    if (!webhookIds.has(arrival.email)) webhookIds.set(arrival.email, new Set());
    webhookIds.get(arrival.email)!.add(arrival.webhookId);
  }
  const displays = phases.reduce((sum, phase) => sum + phase.counts.display.ok + phase.counts.display.failed, 0);
  const result = {
    acknowledged: acknowledged.length,
    lost: acknowledged.filter((lead) => !stored.has(lead.email)).length,
    duplicated: [...stored.values()].filter((copies) => copies > 1).length,
    onStandby: acknowledged.filter((lead) => onStandby.has(lead.email)).length,
    delivered: acknowledged.filter((lead) => arrivedLeads.has(lead.email)).length,
    repeatedDeliveries: arrivals.length - arrivedLeads.size,
    displays,
    displayFailed: phases.reduce((sum, phase) => sum + phase.counts.display.failed, 0),
    lines: [] as string[],
  };
  const retried = acknowledged.filter((lead) => lead.attempts > 1).length;
  const refused = sent.filter((lead) => lead.refused !== null);
  const never = sent.filter((lead) => lead.acknowledgedId === null && lead.refused === null).length;
  result.lines.push(
    `${visitsStarted} visits at ${VISITS_PER_SECOND}/s, ${sent.length} leads: ${acknowledged.length} acknowledged (${retried} after a retry), ${refused.length} refused, ${never} never acknowledged`,
    `database: ${stored.size} leads stored, ${result.lost} acknowledged leads missing, ${result.duplicated} stored twice; on the standby (${standby.name}) ${result.onStandby} of the acknowledged`,
    `webhook: ${result.delivered} of ${result.acknowledged} acknowledged leads delivered; ${result.repeatedDeliveries} deliveries repeated (same webhook-id: ${[...webhookIds.values()].every((ids) => ids.size === 1) ? 'yes' : 'no'})`,
  );
  return result;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
