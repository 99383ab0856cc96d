import { UntrustedName } from '../ui/UntrustedName';
import type { TreeNode } from './treeRows';

interface Props {
  location: TreeNode;
  onNavigate: (node: TreeNode | null) => void;
}

/** Account › container › folder › …; every part but the last opens that level. */
export function Breadcrumbs({ location, onNavigate }: Props) {
  const segments = location.prefix.split('/').slice(0, -1);
  const crumbs: { node: TreeNode; label: string }[] = [
    { node: { container: location.container, prefix: '' }, label: location.container },
  ];
  let prefix = '';
  for (const segment of segments) {
    prefix += `${segment}/`;
    crumbs.push({ node: { container: location.container, prefix }, label: segment });
  }

  return (
    <nav aria-label="Breadcrumbs" className="breadcrumbs">
      <ol>
        <li>
          <button type="button" className="crumb" onClick={() => onNavigate(null)}>
            Account
          </button>
        </li>
        {crumbs.map(({ node, label }, i) => (
          <li key={node.prefix}>
            <span className="crumb-separator" aria-hidden="true">
              ›
            </span>
            {i === crumbs.length - 1 ? (
              <span className="crumb crumb-current" aria-current="location">
                <UntrustedName name={label} />
              </span>
            ) : (
              <button type="button" className="crumb" onClick={() => onNavigate(node)}>
                <UntrustedName name={label} />
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
