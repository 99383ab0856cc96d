/** What the containers tree's context menu offers for a container or a folder in it. */
import type { MenuItem } from '../ui/ContextMenu';
import type { TreeNode } from './treeRows';

export interface TreeMenuActions {
  open: (node: TreeNode) => void;
  upload: (node: TreeNode) => void;
  download: (node: TreeNode) => void;
  copyText: (text: string) => void;
  removeContainer: (container: string) => void;
  properties: (node: TreeNode) => void;
  /** Side by side with another region (offered only when the catalog has more than one). */
  compare?: ((node: TreeNode) => void) | undefined;
  /** Side by side with a folder on this computer, and kept in step with it. */
  compareLocal?: ((node: TreeNode) => void) | undefined;
}

/** `otherRegions`: the catalog's regions other than the one browsed; with several, the dialog asks which. */
export function treeMenuItems(node: TreeNode, act: TreeMenuActions, otherRegions: readonly string[] = []): MenuItem[] {
  const folder = node.prefix !== '';
  const compare = act.compare;
  const compareLabel = otherRegions.length === 1 ? `Compare with ${otherRegions[0]}…` : 'Compare with another region…';
  return [
    { label: 'Open', run: () => act.open(node) },
    { label: folder ? 'Upload to this folder…' : 'Upload to this container…', run: () => act.upload(node) },
    { label: folder ? 'Download folder…' : 'Download container…', run: () => act.download(node) },
    { label: 'Copy path', run: () => act.copyText(`${node.container}/${node.prefix}`) },
    ...(compare && otherRegions.length > 0 ? [{ label: compareLabel, run: () => compare(node) }] : []),
    ...(act.compareLocal ? [{ label: 'Compare with a local folder…', run: () => act.compareLocal?.(node) }] : []),
    ...(folder ? [] : [{ label: 'Delete container…', run: () => act.removeContainer(node.container), danger: true }]),
    { label: 'Properties', run: () => act.properties(node) },
  ];
}

/** The level a tree folder's download keeps paths under: its parent's, so the folder itself is made locally. */
export function parentPrefix(prefix: string): string {
  const trimmed = prefix.slice(0, -1);
  const cut = trimmed.lastIndexOf('/');
  return cut < 0 ? '' : trimmed.slice(0, cut + 1);
}
