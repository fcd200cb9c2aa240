import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { runMigrations } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { openPostgres } from './db/postgres.ts';
import { DEMO_OWNER_EMAIL, ensureDemoOwner } from './owner/demo-owner.ts';
import { passwordWeakness } from './owner/passwords.ts';
import { readSettings, type ServerSettings } from './platform/settings.ts';
import { registerExampleSites } from './store-platform/example-stores/index.ts';

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  url: string;
  /** The demo owner's password when this start created the demo owner (a database without owners). */
  demoOwnerPassword: string | null;
  stop(): Promise<void>;
}

/** Opens storage, applies migrations, loads the configuration files and listens. */
export async function startServer(
  settings: ServerSettings,
  logger: FastifyServerOptions['logger'] = true,
): Promise<RunningServer> {
  const weakness = settings.consolePassword === undefined ? null : passwordWeakness(settings.consolePassword);
  if (weakness) throw new Error(`CONSOLE_PASSWORD ${weakness}`);
  const db = await openDatabase(settings);
  let readDb: Database | undefined;
  // A start that fails once the app is built closes it first: its timers and worker would use the closed databases.
  let built: FastifyInstance | undefined;
  try {
    if (settings.databaseReadUrl) readDb = await openPostgres(settings.databaseReadUrl);
    await runMigrations(db);
    const app = await buildApp({
      db,
      readDb,
      ownerToken: settings.ownerToken,
      popupsDir: settings.popupsDir,
      clientsDir: settings.clientsDir,
      examplesDir: settings.examplesDir,
      extraRoutes: settings.examplesDir ? [registerExampleSites] : [],
      distDir: settings.distDir,
      widgetDir: settings.widgetDir,
      rateLimit: settings.rateLimit,
      trustProxy: settings.trustProxy,
      spamMinSubmitMs: settings.spamMinSubmitMs,
      spamImpossibleSubmitMs: settings.spamImpossibleSubmitMs,
      eventRetentionDays: settings.eventRetentionDays,
      leadRetentionCheckMs: settings.leadRetentionCheckMs,
      rollupFoldMs: settings.rollupFoldMs,
      logRequests: settings.logRequests,
      consoleOrigins: settings.consoleOrigins,
      publicUrl: settings.publicUrl,
      delivery: settings.delivery,
      storeWebhooks: settings.storeWebhooks,
      logger,
    });
    built = app;
    // After the files seeded the sites, so that the demo owner is granted each of them.
    const demoOwnerPassword = await ensureDemoOwner(
      app.ownerSide.accounts,
      app.ownerSide.sites,
      settings.consolePassword,
    );
    await app.listen({ port: settings.port, host: settings.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : settings.port;
    const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
    return {
      app,
      db,
      url: `http://${host}:${port}`,
      demoOwnerPassword,
      async stop() {
        await app.close();
        await db.close();
        await readDb?.close();
      },
    };
  } catch (error) {
    await built?.close().catch(() => undefined);
    await db.close();
    await readDb?.close();
    throw error;
  }
}

async function main(): Promise<void> {
  const settings = readSettings();
  const server = await startServer(settings);
  const storage = settings.databaseUrl
    ? `PostgreSQL (DATABASE_URL${settings.databaseReadUrl ? ', owner reads on DATABASE_READ_URL' : ''})`
    : `PGlite in ${settings.dataDir}`;
  console.log(
    [
      '',
      `poptin-elements display server on ${server.url}  (storage: ${storage})`,
      `  demo page:   ${server.url}/examples/lightbox.html`,
      `  console:     ${server.url}/console/`,
      server.demoOwnerPassword === null
        ? '  sign in:     with your owner account'
        : `  sign in:     ${DEMO_OWNER_EMAIL} / ${server.demoOwnerPassword}  (${settings.consolePassword ? 'from CONSOLE_PASSWORD' : 'shown once: change it in the console'})`,
      `  leads:       ${server.url}/api/owner/demo/leads`,
      settings.ownerTokenIsDefault
        ? `  owner token: ${settings.ownerToken}  (development default; set OWNER_TOKEN in production)`
        : '  owner token: from OWNER_TOKEN',
      `  e.g. curl -H "Authorization: Bearer ${settings.ownerTokenIsDefault ? settings.ownerToken : '$OWNER_TOKEN'}" ${server.url}/api/owner/demo/leads`,
      '',
    ].join('\n'),
  );
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: closing the server and the database`);
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
