import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { parsePopupConfig } from '../../src/core/config/parse.ts';
import { readString } from '../../src/core/config/values.ts';
import { Templates } from '../owner/templates.ts';
import { deriveViewerId, isClientId, isPoptinId, isViewerId } from '../platform/ids.ts';
import { parseStoreSettings } from '../store-platform/store-settings.ts';
import type { ClientRecord, ConfigurationRepository, PopupConfigJson, PopupRecord } from './repository.ts';

export type LoadLogger = Pick<FastifyBaseLogger, 'info' | 'error'>;

export interface LoadReport {
  clients: string[];
  popups: string[];
  errors: { file: string; message: string }[];
  /** Pop-ups retired because their file was removed. */
  retired: string[];
  /** Pop-ups whose file was not applied because an owner has edited them in the console. */
  keptOwnerEdits: string[];
  /** `owner_token_sha256` of the client files that have one, by client id. */
  ownerTokenHashes: Map<string, string>;
}

class ConfigFileError extends Error {}

function fail(message: string): never {
  throw new ConfigFileError(message);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function listJsonFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function readJsonObject(file: string): Promise<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if (error instanceof SyntaxError) fail(`invalid JSON: ${error.message}`);
    throw error;
  }
  if (!isPlainObject(parsed)) fail('the file must hold one JSON object');
  return parsed;
}

/** An allowed origin as scheme://host[:port]; throws with a clear message for anything else. */
export function normaliseOrigin(value: unknown): string {
  if (typeof value !== 'string') fail('allowed_origins must hold strings');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(`allowed origin "${value}" is not a URL`);
  }
  if (url.origin === 'null' || value.replace(/\/$/, '') !== url.origin) {
    fail(`allowed origin "${value}" must be scheme://host[:port] only, e.g. "${url.origin}"`);
  }
  return url.origin;
}

export function parseClientFile(json: Record<string, unknown>): ClientRecord {
  const {
    client_id,
    name = '',
    allowed_origins = [],
    restricted = false,
    max_views = null,
    is_freemium = false,
    lang = 'en',
  } = json;
  const restrictionSetting = json.client_restriction_setting ?? {};
  if (!isClientId(client_id)) fail('client_id must be 1-64 letters, digits, "_" or "-"');
  if (typeof name !== 'string') fail('name must be a string');
  if (!Array.isArray(allowed_origins)) fail('allowed_origins must be a list of origins');
  if (typeof restricted !== 'boolean') fail('restricted must be true or false');
  if (max_views !== null && !(Number.isInteger(max_views) && (max_views as number) >= 0)) {
    fail('max_views must be a whole number >= 0, or null for no limit');
  }
  if (typeof is_freemium !== 'boolean') fail('is_freemium must be true or false');
  if (typeof lang !== 'string') fail('lang must be a string');
  if (!isPlainObject(restrictionSetting)) fail('client_restriction_setting must be an object');
  let store: ReturnType<typeof parseStoreSettings>;
  try {
    store = parseStoreSettings(json.store);
  } catch (error) {
    fail((error as Error).message);
  }
  return {
    client_id,
    name,
    allowed_origins: allowed_origins.map(normaliseOrigin),
    restricted,
    max_views: max_views as number | null,
    is_freemium,
    lang,
    client_restriction_setting: restrictionSetting,
    store,
  };
}

/**
 * A client's own owner token, stored as its SHA-256 in hex (lower case), or null when the client has none
 * (then only OWNER_TOKEN opens its owner API).
 */
export function readOwnerTokenHash(json: Record<string, unknown>): string | null {
  if ('owner_token' in json)
    fail('owner_token must not be stored in a file: put its SHA-256 in owner_token_sha256 instead');
  const hash = json.owner_token_sha256;
  if (hash === undefined || hash === null) return null;
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/i.test(hash))
    fail('owner_token_sha256 must be 64 hexadecimal characters (the SHA-256 of the token)');
  return hash.toLowerCase();
}

/** An A/B parent id of "", "0" or null means the pop-up is not a variant of another one. */
export function readAbTestParentId(config: PopupConfigJson): string | null {
  const parent = readString(config.ab_test_parent_id).trim();
  return parent === '' || parent === '0' ? null : parent;
}

export function parsePopupFile(json: Record<string, unknown>): PopupRecord {
  const { client_id: clientId, ...config } = json;
  if (!isClientId(clientId)) fail('client_id must be 1-64 letters, digits, "_" or "-"');
  try {
    // The widget's own parser: a file it cannot read is refused here rather than in the visitor's browser.
    parsePopupConfig(config);
  } catch (error) {
    fail((error as Error).message);
  }
  const poptinId = config.poptin_id;
  if (!isPoptinId(poptinId)) fail('poptin_id must be exactly 13 letters or digits');
  if (config.design_properties !== undefined && !isPlainObject(config.design_properties)) {
    fail('design_properties must be an object');
  }
  if (config.poptin !== undefined && typeof config.poptin !== 'string')
    fail('poptin (the template HTML) must be a string');
  const parentId = readAbTestParentId(config);
  if (parentId !== null && (!isPoptinId(parentId) || parentId === poptinId)) {
    fail('ab_test_parent_id must be the 13-character id of another pop-up');
  }
  if (config.viewer_id !== undefined && !isViewerId(config.viewer_id))
    fail('viewer_id must be 1-64 letters, digits, "_" or "-"');
  return {
    poptin_id: poptinId,
    client_id: clientId,
    viewer_id: (config.viewer_id as string | undefined) ?? deriveViewerId(poptinId),
    ab_test_parent_id: parentId,
    config,
  };
}

const TEMPLATE_REFERENCE = /^([a-z0-9-]{1,64})\.(en|he)$/;

/**
 * A pop-up file may start from a template of templates/ (`"template": "wheel.he"`): the template's configuration,
 * with the file's own fields over it (its design_properties merged into the template's).
 */
async function withTemplate(json: Record<string, unknown>, templates: Templates): Promise<Record<string, unknown>> {
  const { template, ...own } = json;
  if (template === undefined) return json;
  const reference = typeof template === 'string' ? TEMPLATE_REFERENCE.exec(template) : null;
  if (!reference) fail('template must name a template and its language, e.g. "wheel.en"');
  const base = await templates.config(reference[1]!, reference[2] as 'en' | 'he');
  if (!base) fail(`template "${template}" is not in the templates folder`);
  const design = isPlainObject(own.design_properties) ? own.design_properties : {};
  return { ...base, ...own, design_properties: { ...(base.design_properties as Record<string, unknown>), ...design } };
}

async function loadEach(
  dir: string,
  log: LoadLogger,
  report: LoadReport,
  load: (json: Record<string, unknown>, file: string) => Promise<string>,
): Promise<string[]> {
  const loaded: string[] = [];
  for (const file of await listJsonFiles(dir)) {
    const fullPath = path.join(dir, file);
    try {
      loaded.push(await load(await readJsonObject(fullPath), file));
    } catch (error) {
      skipped(fullPath, error, log, report);
    }
  }
  return loaded;
}

function skipped(fullPath: string, error: unknown, log: LoadLogger, report: LoadReport): void {
  const message = error instanceof Error ? error.message : String(error);
  report.errors.push({ file: fullPath, message });
  log.error({ file: fullPath }, `Skipped ${fullPath}: ${message}`);
}

/**
 * Upserts `clientsDir/*.json` into `clients` and `popupsDir/*.json` into `popups`, writing only what differs from
 * what is stored. A broken file is logged and skipped; the others still load. A pop-up whose client has no file gets
 * a client with no extra origins.
 */
export async function loadConfigFiles(
  configuration: Pick<
    ConfigurationRepository,
    'upsertClient' | 'ensureClient' | 'upsertPopup' | 'unchangedFilePopups' | 'retirePopupsWithout'
  >,
  dirs: { clientsDir?: string; popupsDir?: string; templatesDir?: string },
  log: LoadLogger,
): Promise<LoadReport> {
  const report: LoadReport = {
    clients: [],
    popups: [],
    errors: [],
    retired: [],
    keptOwnerEdits: [],
    ownerTokenHashes: new Map(),
  };
  if (dirs.clientsDir) {
    report.clients = await loadEach(dirs.clientsDir, log, report, async (json) => {
      const client = parseClientFile(json);
      const ownerTokenHash = readOwnerTokenHash(json);
      await configuration.upsertClient(client);
      if (ownerTokenHash) report.ownerTokenHashes.set(client.client_id, ownerTokenHash);
      else report.ownerTokenHashes.delete(client.client_id);
      return client.client_id;
    });
  }
  if (dirs.popupsDir) {
    const popupsDir = dirs.popupsDir;
    const seen = new Set<string>();
    const templates = new Templates(dirs.templatesDir);
    const read: (PopupRecord & { source_file: string })[] = [];
    await loadEach(popupsDir, log, report, async (json, file) => {
      const popup = parsePopupFile(await withTemplate(json, templates));
      if (seen.has(popup.poptin_id)) fail(`poptin_id ${popup.poptin_id} is already defined by another file`);
      seen.add(popup.poptin_id);
      read.push({ ...popup, source_file: file });
      return popup.poptin_id;
    });
    // Only new and changed pop-ups are written: a start whose files have not changed since the last writes nothing.
    const unchanged = await configuration.unchangedFilePopups(read);
    for (const popup of read) {
      try {
        if (!unchanged.has(popup.poptin_id)) {
          await configuration.ensureClient(popup.client_id);
          if (!(await configuration.upsertPopup(popup))) report.keptOwnerEdits.push(popup.poptin_id);
        }
        report.popups.push(popup.poptin_id);
      } catch (error) {
        skipped(path.join(popupsDir, popup.source_file), error, log, report);
      }
    }
    // A broken file keeps its pop-up as it was; only a removed file retires one.
    report.retired = await configuration.retirePopupsWithout(await listJsonFiles(dirs.popupsDir));
    if (report.keptOwnerEdits.length > 0)
      log.info(`Kept the console's edits of ${report.keptOwnerEdits.join(', ')} over their files`);
    if (report.retired.length > 0)
      log.info(`Retired ${report.retired.length} pop-up(s) whose file was removed: ${report.retired.join(', ')}`);
  }
  log.info(`Loaded ${report.clients.length} client(s) and ${report.popups.length} pop-up(s)`);
  return report;
}
