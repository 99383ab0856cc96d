import { formatBytes, formatCount, formatCountOf, formatExactBytes } from '../ui/format';

interface Props {
  /** The container's own figures (Swift keeps them per container, not per folder). */
  figures: { objectCount: number; bytesUsed: number } | undefined;
  /** Inside a folder: the rows of this level listed so far, and whether the listing has more. */
  folder?: { loaded: number; more: boolean } | undefined;
}

/**
 * The figures in the objects pane's header. Swift counts objects and bytes
 * per container only; inside a folder, adding them up would mean listing
 * everything under it, so the header says what this level holds so far and
 * names the container's figures as the container's.
 */
export function LevelFigures({ figures, folder }: Props) {
  if (!figures) return null;
  const whole = `${formatCountOf(figures.objectCount, 'object')} · ${formatBytes(figures.bytesUsed)}`;
  return (
    <span className="muted count" title={`${formatExactBytes(figures.bytesUsed)} in the whole container`}>
      {folder ? (
        <>
          {`${formatCount(folder.loaded)}${folder.more ? '+' : ''} ${folder.loaded === 1 && !folder.more ? 'item' : 'items'} here`}
          {' · '}
          <span className="level-container-figures">container: {whole}</span>
        </>
      ) : (
        whole
      )}
    </span>
  );
}
