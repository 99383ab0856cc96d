/**
 * The sync rows' data: a tree of small files in folders, made once in the data
 * folder and copied (times kept) into the run's scratch folder, where each rep
 * changes 1 % of them.
 */
import { createCipheriv, createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { md5File } from './data';

/** Incompressible bytes of `seed`, as data.ts makes them (AES-CTR of zeros). */
function noiseOf(bytes: number, seed: string): Buffer {
  const key = createHash('sha256').update(seed).digest();
  return createCipheriv('aes-256-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(bytes));
}

const fileName = (files: number, folders: number, i: number): string => {
  const width = String(files - 1).length;
  return `d${String(i % folders).padStart(String(folders - 1).length, '0')}/f-${String(i).padStart(width, '0')}.bin`;
};

/** Where file `i` of the tree is, relative to the tree. */
export const treeFile = fileName;

/** A tree of `files` files of 1 to 4 KiB spread over `folders` folders, kept in `dataDir`. */
export function syncTree(dataDir: string, files: number, folders: number): string {
  const tree = path.join(dataDir, `tree-${files}x${folders}`);
  if (fs.existsSync(tree)) return tree;
  const temp = `${tree}.partial`;
  fs.rmSync(temp, { recursive: true, force: true });
  for (let d = 0; d < folders; d++)
    fs.mkdirSync(path.dirname(path.join(temp, fileName(files, folders, d))), { recursive: true });
  for (let i = 0; i < files; i++) {
    fs.writeFileSync(path.join(temp, fileName(files, folders, i)), noiseOf(1024 * (1 + (i % 4)), `tree-${i}`));
  }
  fs.renameSync(temp, tree);
  return tree;
}

/** A copy of the tree in `work`, each file's mtime kept (a sync of it must find nothing new). */
export function copyTree(tree: string, work: string): string {
  const copy = path.join(work, 'sync-tree');
  fs.cpSync(tree, copy, { recursive: true, preserveTimestamps: true });
  return copy;
}

/**
 * Changes 1 % of the files (every hundredth, starting at `rep`): half keep
 * their size with new content, so a tool that compares sizes alone misses
 * them; the other half grow by 512 bytes. Answers how many changed.
 */
export function changeOnePercent(copy: string, files: number, folders: number, rep: number): number {
  let changed = 0;
  for (let i = rep % 100; i < files; i += 100, changed++) {
    const file = path.join(copy, fileName(files, folders, i));
    const size = fs.statSync(file).size;
    const grow = changed % 2 === 1 ? 512 : 0;
    fs.writeFileSync(file, noiseOf(size + grow, `changed-${rep}-${i}`));
  }
  return changed;
}

/** Every file's MD5 by its path in the tree ("/"-separated). */
export async function treeMd5s(copy: string): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  for (const folder of fs.readdirSync(copy).sort()) {
    for (const name of fs.readdirSync(path.join(copy, folder)))
      sums.set(`${folder}/${name}`, await md5File(path.join(copy, folder, name)));
  }
  return sums;
}
