// Two display server processes behind one address, sharing one PostgreSQL: what one process knows the other
// must know too. The throwaway PostgreSQL is the one `npm test` uses for the server's storage pass.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startPostgres } from '../../scripts/postgres.mjs';
import { FIXTURES_ENV, type ServerProcess, startServerProcess } from './harness.ts';

describe('several server processes on one PostgreSQL', () => {
  let postgres: { url: string; stop(): void };
  let servers: ServerProcess[] = [];

  before(async () => {
    const started = await startPostgres();
    if (!started.server) throw new Error(`this test needs PostgreSQL (Debian package postgresql): ${started.reason}`);
    postgres = started.server;
    const env = { ...FIXTURES_ENV, DATABASE_URL: postgres.url, RATE_LIMIT_MAX: '10', RATE_LIMIT_WINDOW_MS: '60000' };
    // Started together: the migrations and the configuration files meet on the same database.
    servers = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
  });
  after(async () => {
    await Promise.all(servers.map((server) => server.dispose()));
    postgres?.stop();
  });

  it('a client that spreads 30 simultaneous display calls over both processes gets the limit once, not twice', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, call) =>
        fetch(`${servers[call % 2]!.url}/api/display/widget`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    assert.equal(statuses.filter((status) => status === 200).length, 10, `answers: ${statuses.join(' ')}`);
    assert.equal(statuses.filter((status) => status === 429).length, 20);
    for (const response of responses.filter((answer) => answer.status === 429))
      assert.match(String(response.headers.get('retry-after')), /^\d+$/);
  });

  it('wrong owner tokens count across processes: the eleventh wrong guess is refused on either', async () => {
    const guess = (server: ServerProcess) =>
      fetch(`${server.url}/api/owner/widget/leads`, { headers: { authorization: 'Bearer wrong-guess' } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) statuses.push((await guess(servers[attempt % 2]!)).status);
    assert.deepEqual(statuses, [...Array(10).fill(401), 429, 429]);
  });
});
