// One feature, one name in every layer: each operation is declared in exactly one
// shared/contract/<feature>.ts and implemented in the same-named electron/ipc/operations/<feature>.ts,
// nowhere else. The compiler checks each file's keys against its contract (`Ops<keyof Responses>`);
// this checks the names of the files, that no operation is declared or implemented twice, and that
// the list the preload builds window.cirrus from is exactly the contract's.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FEATURES, requestSchemas } from '../../shared/contract';
import { OPERATIONS } from '../../shared/operations';
import { implementations } from './implementations';

const here = path.dirname(fileURLToPath(import.meta.url));
const contractDir = path.join(here, '../../shared/contract');
const operationsDir = path.join(here, 'operations');
/** The contract's files that are not a feature: the composition and the field schemas. */
const NOT_FEATURES = ['index.ts', 'fields.ts'];

const sourceFiles = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();

describe('the contract and its implementations mirror each other', () => {
  it('has one contract file per feature, and one operations file of the same name', () => {
    const features = Object.keys(FEATURES).sort();
    const contractFiles = sourceFiles(contractDir).filter((f) => !NOT_FEATURES.includes(f));
    expect(contractFiles).toEqual(features.map((f) => `${f}.ts`));
    expect(sourceFiles(operationsDir)).toEqual(features.map((f) => `${f}.ts`));
  });

  it("implements each feature's operations, exactly, in the same-named file", async () => {
    for (const [feature, contract] of Object.entries(FEATURES)) {
      const module = (await import(`./operations/${feature}.ts`)) as { operations: Record<string, unknown> };
      expect(Object.keys(module.operations).sort(), feature).toEqual(Object.keys(contract.requests).sort());
    }
  });

  it('declares every operation once, and the preload list is exactly the declared ones', () => {
    const declared = Object.values(FEATURES).flatMap((contract) => Object.keys(contract.requests));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual([...OPERATIONS].sort());
    expect(Object.keys(requestSchemas).sort()).toEqual([...OPERATIONS].sort());
  });

  it('implements every operation through the feature files and nothing else', async () => {
    const fromFiles: string[] = [];
    for (const feature of Object.keys(FEATURES)) {
      const module = (await import(`./operations/${feature}.ts`)) as { operations: Record<string, unknown> };
      fromFiles.push(...Object.keys(module.operations));
    }
    expect(new Set(fromFiles).size).toBe(fromFiles.length);
    const all = implementations() as unknown as Record<string, unknown>;
    expect(Object.keys(all).sort()).toEqual([...OPERATIONS].sort());
    expect(fromFiles.sort()).toEqual(Object.keys(all).sort());
  });
});
