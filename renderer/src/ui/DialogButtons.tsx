interface Props {
  /** The primary action, e.g. "Delete"; its button submits the form. */
  action: string;
  /** What the primary button says while the action runs, e.g. "Deleting…". */
  running?: string;
  onCancel: () => void;
  /** The action is under way: neither button can be pressed. */
  busy?: boolean;
  /** The action cannot run yet (nothing to do, or the input has problems). */
  disabled?: boolean;
  /** A destructive action: the primary button is red. */
  danger?: boolean;
  /** The primary button takes the focus when the dialog opens. */
  focusAction?: boolean;
}

/** Cancel and the primary action: the button row of every dialog, and of the connection editor. */
export function DialogButtons({
  action,
  running,
  onCancel,
  busy = false,
  disabled = false,
  danger = false,
  focusAction = false,
}: Props) {
  return (
    <>
      <button type="button" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button
        type="submit"
        className={danger ? 'primary danger' : 'primary'}
        disabled={busy || disabled}
        data-autofocus={focusAction || undefined}
      >
        {busy && running ? running : action}
      </button>
    </>
  );
}
