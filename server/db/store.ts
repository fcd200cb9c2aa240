import { ALL_CLIENTS, CONFIG_CHANNEL, CONVERSION_CHANNEL, forgetConfig } from './config-cache.ts';
import type { Database } from './database.ts';
import { type LeadOptions, LeadStore } from './lead-store.ts';

// Each aggregate has its own file: configuration (configuration-store.ts), events (event-store.ts) and leads
// (lead-store.ts); the Store is all of them, as the server uses it.
export type StoreOptions = LeadOptions;

/** Every query the server makes, in SQL that runs unchanged on PGlite and PostgreSQL. */
export class Store extends LeadStore {
  constructor(db: Database, options: StoreOptions = {}) {
    super(db, options);
  }

  /**
   * Other processes on the same PostgreSQL tell this one when they change a client's configuration; returns
   * the stop. Nothing to do on PGlite, which one process owns.
   */
  async watchConfigChanges(): Promise<() => Promise<void>> {
    if (!this.db.listen) return async () => undefined;
    const stops = [
      await this.db.listen(
        CONFIG_CHANNEL,
        (clientId) => forgetConfig(this.db, clientId || ALL_CLIENTS),
        () => forgetConfig(this.db, ALL_CLIENTS),
      ),
      await this.db.listen(
        CONVERSION_CHANNEL,
        (payload) => {
          const [clientId, visitorId] = payload.split(' ');
          if (clientId && visitorId) void this.converted.add(clientId, visitorId);
        },
        () => this.converted.forget(),
      ),
    ];
    return async () => void (await Promise.all(stops.map((stop) => stop())));
  }
}
