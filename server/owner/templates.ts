// Pop-up templates: `templates/<id>.<language>.json`, each `{ name, kind, game?, goal, description, tokens, config }`
// where config is a pop-up configuration without its id (the display API's shape, as in examples/popups/*.json), and
// tokens the design tokens its screens declare (docs/templates.md). Their pictures are made by the build
// (scripts/render-template-thumbnails.ts) into dist/console/templates/, which the console's routes serve.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import type { PopupConfigJson } from '../configuration/repository.ts';
import { errorBody } from '../platform/errors.ts';
import type { Language } from './contract.ts';
import { LANGUAGES } from './fields.ts';
import {
  TEMPLATE_GOALS,
  TEMPLATE_TOKENS,
  type TemplateGoal,
  type TemplateSummary,
  type TemplateTokens,
} from './template-contract.ts';

export const TEMPLATES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'templates');
const TEMPLATE_FILE = /^([a-z0-9-]{1,64})\.(en|he)\.json$/;

/** Where the console's routes serve the built pictures from (dist/console/templates/). */
export const THUMBNAILS_PATH = '/console/templates/';

interface TemplateFile {
  name: string;
  kind: string;
  game?: string;
  goal: TemplateGoal;
  description: string;
  tokens: TemplateTokens;
  config: PopupConfigJson;
}

/** What is wrong with a template file's fields beside its configuration; empty when nothing is. */
export function templateFileProblems(json: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const field of ['name', 'kind', 'description'] as const)
    if (typeof json[field] !== 'string' || !(json[field] as string).trim()) problems.push(`"${field}" must be text`);
  if (typeof json.description === 'string' && /\n/.test(json.description))
    problems.push('"description" must be one line');
  if (!TEMPLATE_GOALS.includes(json.goal as TemplateGoal))
    problems.push(`"goal" must be one of ${TEMPLATE_GOALS.join(', ')}`);
  const tokens = json.tokens as Record<string, unknown> | null | undefined;
  if (typeof tokens !== 'object' || tokens === null) problems.push('"tokens" must be an object');
  else {
    for (const token of TEMPLATE_TOKENS)
      if (typeof tokens[token] !== 'string' || !(tokens[token] as string).trim())
        problems.push(`"tokens" needs ${token}`);
    for (const token of Object.keys(tokens))
      if (!(TEMPLATE_TOKENS as readonly string[]).includes(token)) problems.push(`"tokens" has no ${token}`);
  }
  if (typeof json.config !== 'object' || json.config === null) problems.push('"config" must be an object');
  return problems;
}

async function readTemplateFile(file: string): Promise<TemplateFile> {
  const json = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  const problems = templateFileProblems(json);
  if (problems.length) throw new Error(`${file}: ${problems.join('; ')}`);
  return json as unknown as TemplateFile;
}

/** The templates of a folder, read once and kept: they change with the code, not at run time. */
export class Templates {
  private loaded: Promise<Map<string, Map<Language, TemplateFile>>> | null = null;

  /** `thumbnailsDir`: the built pictures (dist/console/templates), looked at on each listing. */
  constructor(
    private readonly dir = TEMPLATES_DIR,
    private readonly thumbnailsDir?: string,
  ) {}

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
    const pictures = new Set(this.thumbnailsDir ? await readdir(this.thumbnailsDir).catch(() => []) : []);
    return [...(await this.all())].map(([id, languages]) => {
      const first = [...languages.values()][0]!;
      const byLanguage = <T>(pick: (template: TemplateFile, language: Language) => T | undefined) =>
        Object.fromEntries(
          [...languages].flatMap(([language, template]) => {
            const value = pick(template, language);
            return value === undefined ? [] : [[language, value]];
          }),
        ) as Partial<Record<Language, T>>;
      const thumbnails = byLanguage((_template, language) =>
        pictures.has(`${id}.${language}.png`) ? `${THUMBNAILS_PATH}${id}.${language}.png` : undefined,
      );
      const thumbnail = thumbnails.en ?? Object.values(thumbnails)[0];
      return {
        id,
        name: byLanguage((template) => template.name),
        kind: first.kind,
        ...(first.game ? { game: first.game } : {}),
        goal: first.goal,
        description: byLanguage((template) => template.description),
        tokens: byLanguage((template) => template.tokens),
        ...(thumbnail ? { thumbnail } : {}),
        thumbnails,
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
