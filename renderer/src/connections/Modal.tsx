import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  label: string;
  /** 'alertdialog' for a confirmation that interrupts. */
  role?: 'dialog' | 'alertdialog';
  onClose: () => void;
  children: ReactNode;
}

/** A native modal <dialog>: focus stays inside, Escape closes it, the window behind is inert. */
export function Modal({ label, role = 'dialog', onClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="conn-modal"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-label={label}
      onCancel={(event) => {
        // React owns whether the dialog exists; Escape asks it to close.
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}
