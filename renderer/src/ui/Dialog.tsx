import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import './dialog.css';

interface Props {
  title: ReactNode;
  /** The dialog's accessible name, where it should differ from the title (by default the title names it). */
  label?: string;
  /** 'alertdialog' for a confirmation that interrupts. */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
  /** The buttons (usually DialogButtons); the submit button runs `onSubmit`. */
  actions: ReactNode;
  onSubmit: () => void;
  onClose: () => void;
  /** While true, Escape does not close and the form does not submit (work is under way). */
  busy?: boolean;
  className?: string;
}

/**
 * Every modal dialog of the app, on the native <dialog>: the browser traps
 * focus, makes the rest inert and closes on Escape (React owns whether the
 * dialog exists, so Escape asks `onClose`). The field marked `data-autofocus`
 * gets the focus (showModal would otherwise move it to the first control,
 * after React's own autoFocus ran).
 */
const FOCUSABLE = '[tabindex="0"], button:not(:disabled), input:not(:disabled), select:not(:disabled)';

export function Dialog({ title, label, role, children, actions, onSubmit, onClose, busy = false, className }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    // Where the focus was: it goes back there when the dialog closes (the browser would leave it on the page's body).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    // What held the opener: if the dialog's work took the opener away (a deleted or renamed row), the focus
    // goes to what can take it nearest to where it was (the grid's current row), never to <body>.
    const around: HTMLElement[] = [];
    for (let el = opener?.parentElement; el && el !== document.body; el = el.parentElement) around.push(el);
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
      else
        around
          .find((el) => el.isConnected && el.querySelector(FOCUSABLE))
          ?.querySelector<HTMLElement>(FOCUSABLE)
          // Without scrolling: the view stays where the person was looking (a row far down 12,000).
          ?.focus({ preventScroll: true });
    };
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onSubmit();
  }

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-label={label}
      aria-labelledby={label === undefined ? titleId : undefined}
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
