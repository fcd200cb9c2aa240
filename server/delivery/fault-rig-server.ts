// One server process of the delivery fault rig (fault-rig.test.ts): the display API and a delivery worker on the
// rig's PostgreSQL, with the rig's fake vendors and fast retries. Prints "listening {port}" once it answers.
import { buildApp } from '../app.ts';
import { openPostgres } from '../db/postgres.ts';
import { readDeliveryKey } from './secrets.ts';

const db = await openPostgres(process.env.RIG_DATABASE_URL!);
const app = await buildApp({
  db,
  ownerToken: 'fault-rig-owner-token',
  rateLimit: false,
  spamMinSubmitMs: 0,
  delivery: {
    allowPrivate: true,
    key: readDeliveryKey(process.env.DELIVERY_KEY!),
    vendorBases: JSON.parse(process.env.RIG_VENDOR_BASES!),
    timeoutMs: 1_000,
    worker: {
      pollMs: 50,
      concurrency: 16,
      leaseMs: 3_000,
      retry: { baseMs: 10, maxMs: 1_000, giveUpAfterMs: 10 * 60_000 },
    },
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
