import { readNumber, readString, readSwitch } from '../config/values.ts';

/** How the visitor closes the pop-up (`poptin_design_close_options_type`): its × button, a button of the template, or neither. */
export type CloseOption = 'x' | 'button' | 'none';

export interface CloseSettings {
  readonly option: CloseOption;
  /** The × button is drawn. */
  readonly xButton: boolean;
  /** Seconds the × (and skip) button waits, showing them, before it may be used. */
  readonly xAfterSeconds: number;
  /** The small note beside the close button (`poptin_design_show_x_comment`), '' for none. */
  readonly note: string;
  /** Seconds after showing that it closes by itself (`poptin_design_auto_close_sec`), null when it does not. */
  readonly autoCloseSeconds: number | null;
  /** Content lock: no way to close at all, neither button, note, Escape nor a click outside. */
  readonly locked: boolean;
  readonly escapeCloses: boolean;
  readonly closeOnScreenClick: boolean;
  /** `[data-poptin-close]` buttons of the template close it. */
  readonly templateButtonsClose: boolean;
}

/** Seconds the close (×) button waits (`poptin_design_show_x_after_sec`); 0 when it may be used at once. */
export function closeButtonDelaySeconds(designProperties: Record<string, unknown>): number {
  const seconds = readNumber(designProperties.poptin_design_show_x_after_sec);
  return seconds !== null && seconds > 0 ? Math.ceil(seconds) : 0;
}

const SWITCH_WORDS = new Set(['yes', 'no', 'true', 'false', '1', '0', 'on', 'off', '']);

function closeOptionOf(value: unknown): CloseOption {
  const word = readString(value)
    .trim()
    .toLowerCase()
    .replace(/^closing_options-/, '');
  if (word === 'button') return 'button';
  if (word === 'none' || word === 'no') return 'none';
  return 'x';
}

/** Widget §3/§4 close mechanics from design_properties; `xCloseButton` is the pop-up's `x_close_button`. */
export function closeSettingsOf(designProperties: Record<string, unknown>, xCloseButton: boolean): CloseSettings {
  const locked = readSwitch(designProperties.poptin_design_content_lock);
  const option = closeOptionOf(designProperties.poptin_design_close_options_type);
  const comment = readString(designProperties.poptin_design_show_x_comment).trim();
  const autoClose = readNumber(designProperties.poptin_design_auto_close_sec);
  const autoCloses = readSwitch(designProperties.poptin_design_auto_close) && autoClose !== null && autoClose > 0;
  return {
    option,
    xButton: !locked && option === 'x' && xCloseButton,
    xAfterSeconds: closeButtonDelaySeconds(designProperties),
    note: locked || SWITCH_WORDS.has(comment.toLowerCase()) ? '' : comment,
    autoCloseSeconds: autoCloses ? autoClose : null,
    locked,
    escapeCloses: !locked,
    closeOnScreenClick: !locked && readSwitch(designProperties.poptin_design_close_on_screen_click, true),
    templateButtonsClose: !locked,
  };
}
