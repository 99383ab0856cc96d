import { middleCut, nameParts, visibleName } from './untrustedText';
import './untrusted-name.css';

interface Props {
  name: string;
  className?: string;
  /** Shown instead of nothing when the name is empty (e.g. the folder of "a//b"). */
  emptyLabel?: string;
  /**
   * A long name that does not fit loses its middle, not its end, so names
   * that differ only in a version or extension stay apart; the whole name is
   * in the title (hover) and the details pane.
   */
  middleEllipsis?: boolean;
  /** With middleEllipsis: the whole name for screen readers, once, in place of the two cut parts. */
  readWhole?: boolean;
}

/** The text of a name: hidden characters keep their place in it, each shown as a visible mark. */
function NameText({ name }: { name: string }) {
  return nameParts(name).map((part, i) =>
    part.kind === 'text' ? (
      part.text
    ) : (
      <span key={i} className="hidden-char" data-code={part.code}>
        {part.char}
      </span>
    ),
  );
}

/**
 * A container or object name as text. Hidden characters keep their place in
 * the text (so it reads back exactly as stored) but each sits in its own
 * isolated span with a visible mark, so a bidi override cannot reorder the
 * rest of the name and nothing stays invisible.
 */
export function UntrustedName({
  name,
  className,
  emptyLabel = '(no name)',
  middleEllipsis = false,
  readWhole = false,
}: Props) {
  const classes = ['untrusted-name', className].filter(Boolean).join(' ');
  if (name === '') return <span className={`${classes} name-empty`}>{emptyLabel}</span>;
  const cut = middleEllipsis ? middleCut(name) : undefined;
  if (cut) {
    return (
      <span className={`${classes} name-middle`} title={visibleName(name)} dir="auto">
        {/* Chromium puts a space between the two flex items in a name taken from the content
            ("policies-arch ive-…"). Where the name names a widget (a tree item), it is given whole to
            screen readers and the parts are hidden from them; an aria-label instead would leave the
            visible figures beside it out of the name (axe, label-content-name-mismatch). */}
        {readWhole && <span className="sr-only">{visibleName(name)}</span>}
        <span className="name-head" aria-hidden={readWhole || undefined}>
          <NameText name={cut.head} />
        </span>
        <span className="name-tail" aria-hidden={readWhole || undefined}>
          <NameText name={cut.tail} />
        </span>
      </span>
    );
  }
  return (
    <span className={classes} title={visibleName(name)} dir="auto">
      <NameText name={name} />
    </span>
  );
}
