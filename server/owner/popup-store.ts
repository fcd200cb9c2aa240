// Pop-ups as owners author them: a draft, the published configuration the display API serves, a status, and
// every saved draft kept as a revision. Publishing, pausing, resuming and deleting announce the change through
// the configuration cache (LISTEN/NOTIFY on PostgreSQL), so every process serves it on the next page view.
import { readAbTestParentId } from '../configuration/config-loader.ts';
import type { ConfigChanges, PopupConfigJson, PopupRecord } from '../configuration/repository.ts';
import type { Database, SqlRunner } from '../db/database.ts';
import { deriveViewerId } from '../platform/ids.ts';
import { sanitizeTemplates } from '../template-sanitizing/sanitizer.ts';
import { randomSecret, sha256Hex } from './accounts.ts';
import type { PopupDetail, PopupSummary, RevisionSummary } from './contract.ts';
import { randomLowercaseId } from './random-id.ts';

/** A preview link opens the draft for an hour. */
export const PREVIEW_TOKEN_MINUTES = 60;

/** A new pop-up id: 13 lowercase letters and digits, the display API's form. */
export const newPoptinId = () => randomLowercaseId(13);

const toIso = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());
const toIsoOrNull = (value: unknown) => (value === null || value === undefined ? null : toIso(value));

const DETAIL_COLUMNS = `poptin_id, draft, config, revision, published_revision, published_at, active, updated_at,
  draft IS DISTINCT FROM config AS draft_differs`;

function toDetail(row: Record<string, unknown>): PopupDetail {
  const draft = row.draft as PopupConfigJson;
  const publishedAt = toIsoOrNull(row.published_at);
  return {
    id: row.poptin_id as string,
    name: typeof draft.poptin_name === 'string' ? draft.poptin_name : '',
    type: typeof draft.poptin_type === 'string' ? draft.poptin_type : '',
    status: publishedAt === null ? 'draft' : row.active ? 'live' : 'paused',
    hasUnpublishedChanges: publishedAt === null || Boolean(row.draft_differs),
    updatedAt: toIso(row.updated_at),
    publishedAt,
    schedule: publishedAt === null ? null : ((row.config as PopupConfigJson).schedule ?? null),
    draft,
    published: publishedAt === null ? null : (row.config as PopupConfigJson),
    revision: Number(row.revision),
  };
}

/** A configuration as stored: the server's own fields (client, viewer id) are not the owner's to set. */
function ownedConfig(config: PopupConfigJson, poptinId: string): PopupConfigJson {
  const { client_id: _client, viewer_id: _viewer, ...rest } = config;
  return { ...rest, poptin_id: poptinId };
}

export class PopupAuthoring {
  constructor(
    private readonly db: Database,
    private readonly configuration: ConfigChanges,
  ) {}

  async list(clientId: string): Promise<PopupSummary[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${DETAIL_COLUMNS} FROM popups WHERE client_id = $1 AND deleted_at IS NULL ORDER BY created_at, added_order`,
      [clientId],
    );
    return rows.map((row) => {
      const { draft: _draft, published: _published, revision: _revision, ...summary } = toDetail(row);
      return summary;
    });
  }

  async find(clientId: string, poptinId: string, runner: SqlRunner = this.db): Promise<PopupDetail | null> {
    const rows = await runner.query<Record<string, unknown>>(
      `SELECT ${DETAIL_COLUMNS} FROM popups WHERE client_id = $1 AND poptin_id = $2 AND deleted_at IS NULL`,
      [clientId, poptinId],
    );
    return rows[0] ? toDetail(rows[0]) : null;
  }

  /** Creates a draft pop-up (never published, so not served); null when its id is taken already. */
  async create(clientId: string, config: PopupConfigJson, savedBy: string): Promise<PopupDetail | null> {
    const poptinId = typeof config.poptin_id === 'string' && config.poptin_id ? config.poptin_id : newPoptinId();
    const draft = ownedConfig(config, poptinId);
    return this.db.transaction(async (tx) => {
      const created = await tx.query(
        `INSERT INTO popups (poptin_id, client_id, viewer_id, ab_test_parent_id, config, draft, active, source, owner_edited_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $5::jsonb, false, 'console', now()) ON CONFLICT DO NOTHING RETURNING poptin_id`,
        [poptinId, clientId, deriveViewerId(poptinId), readAbTestParentId(draft), JSON.stringify(draft)],
      );
      if (created.length === 0) return null;
      await this.keepRevision(tx, poptinId, 1, draft, savedBy);
      return this.find(clientId, poptinId, tx);
    });
  }

  /** Saves the draft as a new revision if `expectedRevision` is still the current one. */
  async saveDraft(
    clientId: string,
    poptinId: string,
    config: PopupConfigJson,
    expectedRevision: number | null,
    savedBy: string,
  ): Promise<PopupDetail | 'missing' | 'conflict'> {
    const draft = ownedConfig(config, poptinId);
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<{ revision: number; matches: boolean }>(
        `SELECT revision, ($3::int IS NULL OR revision = $3::int) AS matches FROM popups
         WHERE client_id = $1 AND poptin_id = $2 AND deleted_at IS NULL FOR UPDATE`,
        [clientId, poptinId, expectedRevision],
      );
      if (!rows[0]) return 'missing';
      if (!rows[0].matches) return 'conflict';
      const revision = Number(rows[0].revision) + 1;
      await tx.query(
        `UPDATE popups SET draft = $3::jsonb, revision = $4, owner_edited_at = now(), updated_at = now() WHERE client_id = $1 AND poptin_id = $2`,
        [clientId, poptinId, JSON.stringify(draft), revision],
      );
      await this.keepRevision(tx, poptinId, revision, draft, savedBy);
      return (await this.find(clientId, poptinId, tx))!;
    });
  }

  private async keepRevision(
    tx: SqlRunner,
    poptinId: string,
    revision: number,
    config: PopupConfigJson,
    savedBy: string,
  ): Promise<void> {
    await tx.query(
      'INSERT INTO popup_revisions (poptin_id, revision, config, saved_by) VALUES ($1, $2, $3::jsonb, $4)',
      [poptinId, revision, JSON.stringify(config), savedBy],
    );
  }

  /** One change of what the display API serves, announced to every process once it is committed. */
  private async changeServed(
    clientId: string,
    poptinId: string,
    set: string,
    condition = 'true',
    params: unknown[] = [],
  ): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE popups SET ${set}, owner_edited_at = now(), updated_at = now()
       WHERE client_id = $1 AND poptin_id = $2 AND deleted_at IS NULL AND ${condition} RETURNING poptin_id`,
      [clientId, poptinId, ...params],
    );
    if (rows.length === 0) return false;
    await this.configuration.configChanged(clientId);
    return true;
  }

  async publish(clientId: string, poptinId: string): Promise<PopupDetail | null> {
    const current = await this.find(clientId, poptinId);
    if (!current) return null;
    // The A/B parent is a column too, read by the display call's variant choice.
    const parentId = readAbTestParentId(current.draft);
    // Its templates are sanitised once, now, rather than when a visitor first asks for it. A draft saved meanwhile
    // is published with templates they were not made from: the display call sees it and sanitises them again.
    const sanitized = await sanitizeTemplates(current.draft);
    const set = `config = draft, ab_test_parent_id = $3::text, sanitized_templates = $4::jsonb,
      published_revision = revision, published_at = now(), active = true`;
    return (await this.changeServed(clientId, poptinId, set, 'true', [
      parentId,
      sanitized && JSON.stringify(sanitized),
    ]))
      ? this.find(clientId, poptinId)
      : null;
  }

  async pause(clientId: string, poptinId: string): Promise<PopupDetail | null> {
    return (await this.changeServed(clientId, poptinId, 'active = false')) ? this.find(clientId, poptinId) : null;
  }

  /** Serves the published configuration again; null when there is none (publish it instead). */
  async resume(clientId: string, poptinId: string): Promise<PopupDetail | null> {
    return (await this.changeServed(clientId, poptinId, 'active = true', 'published_at IS NOT NULL'))
      ? this.find(clientId, poptinId)
      : null;
  }

  /** Its views, closes and leads stay: the row is kept, no longer listed nor served. */
  remove(clientId: string, poptinId: string): Promise<boolean> {
    return this.changeServed(clientId, poptinId, 'active = false, deleted_at = now()');
  }

  async duplicate(clientId: string, poptinId: string, savedBy: string): Promise<PopupDetail | null> {
    const source = await this.find(clientId, poptinId);
    if (!source) return null;
    const name = `${typeof source.draft.poptin_name === 'string' ? source.draft.poptin_name : source.id} (copy)`;
    for (;;) {
      const copy = await this.create(
        clientId,
        { ...source.draft, poptin_id: newPoptinId(), poptin_name: name },
        savedBy,
      );
      if (copy) return copy;
    }
  }

  async revisions(clientId: string, poptinId: string): Promise<RevisionSummary[] | null> {
    const popup = await this.find(clientId, poptinId);
    if (!popup) return null;
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT r.revision, r.saved_at, r.saved_by, r.revision = p.published_revision AS published
       FROM popup_revisions r JOIN popups p ON p.poptin_id = r.poptin_id WHERE r.poptin_id = $1 ORDER BY r.revision DESC`,
      [poptinId],
    );
    return rows.map((row) => ({
      revision: Number(row.revision),
      savedAt: toIso(row.saved_at),
      savedBy: row.saved_by as string,
      published: Boolean(row.published),
    }));
  }

  async revision(clientId: string, poptinId: string, revision: number): Promise<PopupConfigJson | null> {
    const rows = await this.db.query<{ config: PopupConfigJson }>(
      `SELECT r.config FROM popup_revisions r JOIN popups p ON p.poptin_id = r.poptin_id
       WHERE p.client_id = $1 AND r.poptin_id = $2 AND r.revision = $3 AND p.deleted_at IS NULL`,
      [clientId, poptinId, revision],
    );
    return rows[0]?.config ?? null;
  }

  /** A link token under which the display API serves this pop-up's draft for PREVIEW_TOKEN_MINUTES. */
  async createPreviewToken(poptinId: string): Promise<string> {
    const token = randomSecret();
    await this.db.query('DELETE FROM popup_preview_tokens WHERE expires_at < now()');
    await this.db.query(
      'INSERT INTO popup_preview_tokens (token_sha256, poptin_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))',
      [sha256Hex(token), poptinId, PREVIEW_TOKEN_MINUTES],
    );
    return token;
  }

  /** The pop-up with its draft as its configuration, when `token` is an unexpired preview token of it. */
  async draftForPreview(clientId: string, poptinId: string, token: string): Promise<PopupRecord | null> {
    const rows = await this.db.query<PopupRecord & { draft: PopupConfigJson }>(
      `SELECT p.poptin_id, p.client_id, p.viewer_id, p.ab_test_parent_id, p.draft FROM popups p
       JOIN popup_preview_tokens t ON t.poptin_id = p.poptin_id
       WHERE p.client_id = $1 AND p.poptin_id = $2 AND t.token_sha256 = $3 AND t.expires_at > now() AND p.deleted_at IS NULL`,
      [clientId, poptinId, sha256Hex(token)],
    );
    const row = rows[0];
    if (!row) return null;
    const { draft, ...record } = row;
    return { ...record, ab_test_parent_id: readAbTestParentId(draft), config: draft };
  }
}
