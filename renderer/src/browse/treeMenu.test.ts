import { describe, expect, it, vi } from 'vitest';
import { parentPrefix, treeMenuItems, type TreeMenuActions } from './treeMenu';

const actions = (): TreeMenuActions => ({
  open: vi.fn(),
  upload: vi.fn(),
  download: vi.fn(),
  copyText: vi.fn(),
  removeContainer: vi.fn(),
  properties: vi.fn(),
});

describe('treeMenuItems', () => {
  it('offers deleting a container only on the container itself', () => {
    const act = actions();
    const labels = (items: { label: string }[]) => items.map((i) => i.label);
    expect(labels(treeMenuItems({ container: 'photos', prefix: '' }, act))).toContain('Delete container…');
    expect(labels(treeMenuItems({ container: 'photos', prefix: '2024/' }, act))).not.toContain('Delete container…');
  });

  it('copies the path of what was clicked and deletes the container it names', () => {
    const act = actions();
    const items = treeMenuItems({ container: 'photos', prefix: '2024/may/' }, act);
    items.find((i) => i.label === 'Copy path')!.run();
    expect(act.copyText).toHaveBeenCalledWith('photos/2024/may/');
    const top = treeMenuItems({ container: 'photos', prefix: '' }, act);
    top.find((i) => i.label === 'Delete container…')!.run();
    expect(act.removeContainer).toHaveBeenCalledWith('photos');
  });

  it('offers comparing a container or a folder with a local folder, with one region as with several', () => {
    const act = { ...actions(), compareLocal: vi.fn() };
    const folder = { container: 'photos', prefix: '2024/' };
    treeMenuItems(folder, act)
      .find((i) => i.label === 'Compare with a local folder…')!
      .run();
    expect(act.compareLocal).toHaveBeenCalledWith(folder);
    expect(treeMenuItems(folder, actions()).map((i) => i.label)).not.toContain('Compare with a local folder…');
  });
});

describe('parentPrefix', () => {
  it('is the level above a folder', () => {
    expect(parentPrefix('a/')).toBe('');
    expect(parentPrefix('a/b/')).toBe('a/');
    expect(parentPrefix('a/b/c/')).toBe('a/b/');
  });

  it('offers comparing with the other region only when the catalog has another', () => {
    const act = { ...actions(), compare: vi.fn() };
    const node = { container: 'photos', prefix: '' };
    const labels = (others: string[]) => treeMenuItems(node, act, others).map((i) => i.label);
    expect(labels([])).not.toContain('Compare with RegionTwo…');
    expect(labels(['RegionTwo'])).toContain('Compare with RegionTwo…');
    expect(labels(['RegionTwo', 'RegionThree'])).toContain('Compare with another region…');
    treeMenuItems(node, act, ['RegionTwo'])
      .find((i) => i.label === 'Compare with RegionTwo…')!
      .run();
    expect(act.compare).toHaveBeenCalledWith(node);
  });
});
