import { parseClientFile, parsePopupFile } from '../configuration/config-loader.ts';
import type { ClientRecord, ConfigurationRepository, PopupRecord } from '../configuration/repository.ts';

export const OWNER_TOKEN = 'test-owner-token-0123456789';

export const popupFile = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  client_id: 'acme',
  poptin_id: 'aaaaaaaaaaaa1',
  poptin_name: 'Welcome lightbox',
  poptin_type: 'lightbox',
  poptin_format: 'format_3',
  display_after_sec_active: '3',
  display_after_scroll_active: 'no',
  d_f_r: 'all@display_everytime_everypage_5',
  design_properties: { poptin_design_thank_screen: 'yes' },
  poptin: '<div data-poptin-screen="form"><input type="email" name="Email"><button type="submit">Go</button></div>',
  ...overrides,
});

export async function seedClient(
  configuration: Pick<ConfigurationRepository, 'upsertClient'>,
  overrides: Partial<ClientRecord> & Record<string, unknown> = {},
): Promise<ClientRecord> {
  const client = parseClientFile({
    client_id: 'acme',
    name: 'Acme',
    allowed_origins: ['https://acme.example'],
    ...overrides,
  });
  await configuration.upsertClient(client);
  return client;
}

export async function seedPopup(
  configuration: Pick<ConfigurationRepository, 'ensureClient' | 'upsertPopup'>,
  overrides: Record<string, unknown> = {},
): Promise<PopupRecord> {
  const popup = parsePopupFile(popupFile(overrides));
  await configuration.ensureClient(popup.client_id);
  await configuration.upsertPopup({ ...popup, source_file: null });
  return popup;
}

/** A log destination for Fastify that keeps the parsed lines. */
export function captureLog(): {
  lines: Record<string, unknown>[];
  logger: { level: string; stream: { write(line: string): void } };
} {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } } };
}
