// What the gallery reads from the owner API, as query factories (the pop-ups themselves are api/queries.ts's).
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import type { Language } from '../i18n/strings.ts';

export const templatesQuery = () => queryOptions({ queryKey: ['templates'], queryFn: api.templates });

/** One template in the language its words are wanted in. */
export const templateQuery = (templateId: string, language: Language) =>
  queryOptions({ queryKey: ['template', templateId, language], queryFn: () => api.template(templateId, language) });
