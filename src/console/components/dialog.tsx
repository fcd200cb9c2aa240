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
}: {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
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
      className="dialog"
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
}: {
  open: boolean;
  message: string;
  onConfirm(): void;
  onClose(): void;
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
          className="danger"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {t('confirm')}
        </button>
      </div>
    </Dialog>
  );
}
