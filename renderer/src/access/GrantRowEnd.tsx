interface Props {
  /** The row's name, e.g. "Read grant 2": the button is "Remove Read grant 2". */
  name: string;
  /** The id the row's field points at (aria-describedby) while it has problems. */
  problemId: string;
  problems: readonly string[];
  disabled: boolean;
  onRemove: () => void;
}

/**
 * The end of one row of an access list (a container's grants, the account's):
 * its remove button, then what is wrong with it on a line of its own.
 */
export function GrantRowEnd({ name, problemId, problems, disabled, onRemove }: Props) {
  return (
    <>
      <button
        type="button"
        className="meta-remove"
        aria-label={`Remove ${name}`}
        title={`Remove ${name}`}
        disabled={disabled}
        onClick={onRemove}
      >
        ×
      </button>
      {problems.length > 0 && (
        <p id={problemId} className="meta-problem">
          {problems.join(' ')}
        </p>
      )}
    </>
  );
}
