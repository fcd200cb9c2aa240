// An owner's templates, sanitised once on the server with the widget's own DOMPurify policy (src/core/sanitize.ts),
// so that a page showing a pop-up from the display API does not download DOMPurify to do it again. The display answer
// says so per pop-up (`poptin_sanitized`); what it does not mark, the widget sanitises itself.
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import DOMPurify from 'dompurify';
import { readRecord, readString } from '../../src/core/config/values.ts';
import { INLINE_STYLE_STAND_IN } from '../../src/core/inline-styles.ts';
import { TEMPLATE_RULES } from '../../src/core/sanitize.ts';
import type { PopupConfigJson } from '../configuration/repository.ts';
import { MAX_TEMPLATE_HTML } from '../owner/validate-popup.ts';

/** A pop-up's templates as the display API serves them, and what they were made from. */
export interface SanitizedTemplates {
  /** The policy they were sanitised with: another DOMPurify or other rules make them stale. */
  policy: string;
  /** A digest of the templates of the configuration they were made from. */
  source: string;
  poptin: string;
  poptin_mobile: string;
  mobile_variant_poptin: string;
}

type TemplateName = 'poptin' | 'poptin_mobile' | 'mobile_variant_poptin';
const TEMPLATE_NAMES: TemplateName[] = ['poptin', 'poptin_mobile', 'mobile_variant_poptin'];

/** The DOMPurify release, its rules and the inline-style stand-in, as one fingerprint. */
export const TEMPLATE_POLICY = createHash('sha256')
  .update(
    JSON.stringify([DOMPurify.version, TEMPLATE_RULES, INLINE_STYLE_STAND_IN], (_key, value: unknown) =>
      value instanceof RegExp ? String(value) : value,
    ),
  )
  .digest('base64url')
  .slice(0, 16);

/** The templates a configuration carries inline: the desktop one and the mobile design (widget §3). */
export function templatesOf(config: PopupConfigJson): Record<TemplateName, string> {
  return {
    poptin: readString(config.poptin),
    poptin_mobile: readString(config.poptin_mobile),
    mobile_variant_poptin: readString(readRecord(config.mobile_variant).poptin),
  };
}

function digestOf(templates: Record<TemplateName, string>): string {
  return createHash('sha256')
    .update(JSON.stringify(TEMPLATE_NAMES.map((name) => templates[name])))
    .digest('base64url');
}

/** Whether `sanitized` are this configuration's templates, sanitised with today's policy. */
export function sanitizedFor(config: PopupConfigJson, sanitized: unknown): sanitized is SanitizedTemplates {
  const kept = sanitized as Partial<SanitizedTemplates> | null | undefined;
  return (
    typeof kept === 'object' &&
    kept !== null &&
    kept.policy === TEMPLATE_POLICY &&
    kept.source === digestOf(templatesOf(config)) &&
    TEMPLATE_NAMES.every((name) => typeof kept[name] === 'string')
  );
}

/**
 * The configuration's templates sanitised, or null when one could not be (too long, or the sanitiser failed or took
 * too long) or `signal` gave up on them: the widget then sanitises it itself.
 */
export async function sanitizeTemplates(
  config: PopupConfigJson,
  signal?: AbortSignal,
): Promise<SanitizedTemplates | null> {
  const templates = templatesOf(config);
  const sanitized = await Promise.all(TEMPLATE_NAMES.map((name) => sanitizeOne(templates[name], signal)));
  if (sanitized.some((html) => html === null)) return null;
  const [poptin, poptin_mobile, mobile_variant_poptin] = sanitized as string[];
  return { policy: TEMPLATE_POLICY, source: digestOf(templates), poptin, poptin_mobile, mobile_variant_poptin };
}

/** Far beyond what the longest template takes (256 KiB: about 2 s at 4× load): a template that takes longer is left to the widget. */
const SANITIZE_TIMEOUT_MS = 20_000;

interface Pending {
  resolve(html: string | null): void;
  timer: NodeJS.Timeout;
}
let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

function settle(id: number, html: string | null): void {
  const request = pending.get(id);
  if (!request) return;
  pending.delete(id);
  clearTimeout(request.timer);
  // An idle worker is no reason for the process to stay.
  if (pending.size === 0) worker?.unref();
  request.resolve(html);
}

/** Ends the worker; what it had in hand is left to the widget. */
function stopWorker(): void {
  const ending = worker;
  worker = null;
  void ending?.terminate();
  for (const id of [...pending.keys()]) settle(id, null);
}

function startedWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./worker.mjs', import.meta.url));
  started.on('message', ({ id, html }: { id: number; html?: string }) => settle(id, html ?? null));
  started.on('error', () => {
    if (worker === started) stopWorker();
  });
  started.on('exit', () => {
    if (worker === started) stopWorker();
  });
  worker = started;
  return started;
}

function sanitizeOne(html: string, signal?: AbortSignal): Promise<string | null> {
  if (html === '') return Promise.resolve('');
  if (html.length > MAX_TEMPLATE_HTML || signal?.aborted) return Promise.resolve(null);
  return new Promise((resolve) => {
    const id = nextId++;
    const timer = setTimeout(stopWorker, SANITIZE_TIMEOUT_MS);
    timer.unref();
    // The worker is shared: a request given up on is only forgotten, and its answer, when it comes, ignored.
    const giveUp = () => settle(id, null);
    signal?.addEventListener('abort', giveUp, { once: true });
    pending.set(id, {
      resolve: (sanitized) => {
        signal?.removeEventListener('abort', giveUp);
        resolve(sanitized);
      },
      timer,
    });
    const sanitizer = startedWorker();
    sanitizer.ref();
    sanitizer.postMessage({ id, html });
  });
}
