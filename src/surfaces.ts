// The surfaces chunk: React and every visible element. Imported only when something must render.
import '../elements/poptin-popup/define.ts';

export { sanitizeTemplate } from './core/sanitize.ts';
