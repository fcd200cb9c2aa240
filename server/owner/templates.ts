// Pop-up templates: `templates/<id>.<language>.json`, each `{ name, kind, game?, config }` where config is a
// pop-up configuration without its id (the display API's shape, as in examples/popups/*.json).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import type { PopupConfigJson } from '../db/configuration-store.ts';
import { errorBody } from '../errors.ts';
import type { Language } from './accounts.ts';
import { LANGUAGES } from './fields.ts';

export const TEMPLATES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'templates');
const TEMPLATE_FILE = /^([a-z0-9-]{1,64})\.(en|he)\.json$/;

export interface TemplateSummary {
  id: string;
  name: Partial<Record<Language, string>>;
  kind: string;
  game?: string;
  thumbnail?: string;
}

interface TemplateFile {
  name: string;
  kind: string;
  game?: string;
  thumbnail?: string;
  config: PopupConfigJson;
}

async function readTemplateFile(file: string): Promise<TemplateFile> {
  const json = JSON.parse(await readFile(file, 'utf8')) as TemplateFile;
  if (
    typeof json.name !== 'string' ||
    typeof json.kind !== 'string' ||
    typeof json.config !== 'object' ||
    json.config === null
  ) {
    throw new Error(`${file}: a template needs "name", "kind" and "config"`);
  }
  return json;
}

/** The templates of a folder, read once and kept: they change with the code, not at run time. */
export class Templates {
  private loaded: Promise<Map<string, Map<Language, TemplateFile>>> | null = null;

  constructor(private readonly dir = TEMPLATES_DIR) {}

  private all(): Promise<Map<string, Map<Language, TemplateFile>>> {
    this.loaded ??= (async () => {
      const byId = new Map<string, Map<Language, TemplateFile>>();
      const files = (await readdir(this.dir).catch(() => [] as string[])).sort();
      for (const file of files) {
        const match = TEMPLATE_FILE.exec(file);
        if (!match) continue;
        const [, id, language] = match as unknown as [string, string, Language];
        if (!byId.has(id)) byId.set(id, new Map());
        byId.get(id)!.set(language, await readTemplateFile(path.join(this.dir, file)));
      }
      return byId;
    })();
    return this.loaded;
  }

  async list(): Promise<TemplateSummary[]> {
    return [...(await this.all())].map(([id, languages]) => {
      const first = [...languages.values()][0]!;
      return {
        id,
        name: Object.fromEntries([...languages].map(([language, template]) => [language, template.name])),
        kind: first.kind,
        ...(first.game ? { game: first.game } : {}),
        ...(first.thumbnail ? { thumbnail: first.thumbnail } : {}),
      };
    });
  }

  /** A template's configuration in `language`, else in the other language; null for an unknown id. */
  async config(id: string, language: Language): Promise<PopupConfigJson | null> {
    const languages = (await this.all()).get(id);
    const template = languages?.get(language) ?? [...(languages?.values() ?? [])][0];
    return template ? structuredClone(template.config) : null;
  }
}

export const templateRoutes: FastifyPluginAsync<{ templates: Templates }> = async (app, { templates }) => {
  app.get('/templates', async () => ({ templates: await templates.list() }));

  app.get<{ Params: { id: string }; Querystring: { language?: Language } }>(
    '/templates/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', pattern: '^[a-z0-9-]{1,64}$' } } },
        querystring: { type: 'object', properties: { language: { type: 'string', enum: [...LANGUAGES] } } },
      },
    },
    async (request, reply) => {
      const config = await templates.config(request.params.id, request.query.language ?? 'en');
      if (!config) return reply.code(404).send(errorBody(404, `No template ${request.params.id}`));
      return { template: { id: request.params.id, config } };
    },
  );
};
