// The storage of each aggregate, over one database: composed once (app.ts), and each module handed the ones it uses.
import { type ConfigurationOptions, ConfigurationRepository } from './configuration/repository.ts';
import type { Database } from './db/database.ts';
import { type EventOptions, EventRepository } from './insights/events-repository.ts';
import { type LeadCollaborators, type LeadOptions, LeadRepository } from './leads/repository.ts';

export type RepositoryOptions = ConfigurationOptions & EventOptions & LeadOptions;

export interface Repositories {
  /** Clients, their pop-ups and stores (configuration/). */
  configuration: ConfigurationRepository;
  /** Views, closes, clicks, choices and their roll-ups (insights/). */
  insights: EventRepository;
  /** Leads, stored with their deliveries (leads/). */
  leads: LeadRepository;
}

/**
 * Every repository over `db`; the lead repository tells `arrivals` of each lead stored with its deliveries (the
 * delivery worker), and hashes erased leads' keys with the process's `erasureHashes`.
 */
export function openRepositories(
  db: Database,
  options: RepositoryOptions = {},
  leads: LeadCollaborators = {},
): Repositories {
  return {
    configuration: new ConfigurationRepository(db, options),
    insights: new EventRepository(db, options),
    leads: new LeadRepository(db, options, leads),
  };
}

/**
 * Other processes on the same PostgreSQL tell this one of the configuration they change and of the visitors who
 * converted; returns the stop.
 */
export async function watchOtherProcesses({ configuration, leads }: Repositories): Promise<() => Promise<void>> {
  const stops = [await configuration.watchConfigChanges(), await leads.watchConversions()];
  return async () => void (await Promise.all(stops.map((stop) => stop())));
}
