import { type ReactNode, useEffect, useRef } from 'react';
import { useLanguage } from '../i18n/language.tsx';

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Escape closes it, focus moves into it and back to
 * what had it when it closes.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  wide = false,
}: {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Most of the window (the template gallery), the whole of it on a phone. */
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby="dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="dialog-title">{title}</h2>
      {children}
    </dialog>
  );
}

export function ConfirmDialog({
  open,
  message,
  onConfirm,
  onClose,
  confirmLabel,
}: {
  open: boolean;
  message: string;
  onConfirm(): void;
  onClose(): void;
  /** The button's word for what it does ("Delete", "Erase"); "Confirm" when none is given. */
  confirmLabel?: string;
}) {
  const { t } = useLanguage();
  return (
    <Dialog open={open} title={t('confirm')} onClose={onClose}>
      <p>{message}</p>
      <div className="actions">
        <button type="button" onClick={onClose} autoFocus>
          {t('cancel')}
        </button>
        <button
          type="button"
          className="btn-danger btn-solid"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {confirmLabel ?? t('confirm')}
        </button>
      </div>
    </Dialog>
  );
}
