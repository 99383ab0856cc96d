import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import './dialog.css';

interface Props {
  title: ReactNode;
  children: ReactNode;
  /** The buttons; the submit button runs `onSubmit`. */
  actions: ReactNode;
  onSubmit: () => void;
  onClose: () => void;
  /** While true, Escape does not close (work is under way). */
  busy?: boolean;
  className?: string;
}

/**
 * A modal dialog on the native <dialog>: the browser traps focus, makes the
 * rest inert and closes on Escape; the heading names it for assistive tech.
 * The field marked `data-autofocus` gets the focus (showModal would otherwise
 * move it to the first control, after React's own autoFocus ran).
 */
export function Dialog({ title, children, actions, onSubmit, onClose, busy = false, className }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => dialog?.close();
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onSubmit();
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={['dialog', className].filter(Boolean).join(' ')}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form className="dialog-form" onSubmit={submit}>
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <div className="dialog-body">{children}</div>
        <div className="dialog-actions">{actions}</div>
      </form>
    </dialog>
  );
}
