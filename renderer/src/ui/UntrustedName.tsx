import { nameParts, visibleName } from './untrustedText';
import './untrusted-name.css';

interface Props {
  name: string;
  className?: string;
  /** Shown instead of nothing when the name is empty (e.g. the folder of "a//b"). */
  emptyLabel?: string;
}

/**
 * A container or object name as text. Hidden characters keep their place in
 * the text (so it reads back exactly as stored) but each sits in its own
 * isolated span with a visible mark, so a bidi override cannot reorder the
 * rest of the name and nothing stays invisible.
 */
export function UntrustedName({ name, className, emptyLabel = '(no name)' }: Props) {
  const classes = ['untrusted-name', className].filter(Boolean).join(' ');
  if (name === '') return <span className={`${classes} name-empty`}>{emptyLabel}</span>;
  return (
    <span className={classes} title={visibleName(name)} dir="auto">
      {nameParts(name).map((part, i) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <span key={i} className="hidden-char" data-code={part.code}>
            {part.char}
          </span>
        ),
      )}
    </span>
  );
}
