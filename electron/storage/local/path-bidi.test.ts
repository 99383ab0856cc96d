import { describe, expect, it } from 'vitest';
import { cleanSegment, localSegments } from './path';

describe('saved file names show what they are', () => {
  it.each([
    ['photo\u202Egnp.exe', 'photo_gnp.exe'], // RIGHT-TO-LEFT OVERRIDE: would read "photoexe.png"
    ['a\u202Ab\u202Bc\u202Cd\u202De', 'a_b_c_d_e'], // embeddings and their pop
    ['a\u2066b\u2067c\u2068d\u2069e', 'a_b_c_d_e'], // isolates
    ['a\u200Eb\u200Fc\u061Cd', 'a_b_c_d'], // directional marks
  ])('replaces the bidirectional controls of %j: %j', (segment, expected) => {
    expect(cleanSegment(segment, 'linux')).toBe(expected);
    expect(cleanSegment(segment, 'win32')).toBe(expected);
  });

  it('in object names and in names the person chose, in every segment', () => {
    expect(localSegments('dir/invoice\u202Efdp.exe')).toEqual(['invoice_fdp.exe']);
    expect(localSegments('x', 'sub\u2067/file\u202E.txt')).toEqual(['sub_', 'file_.txt']);
  });

  it('leaves right-to-left text itself alone', () => {
    expect(cleanSegment('שלום.txt', 'linux')).toBe('שלום.txt');
    expect(cleanSegment('مرحبا.pdf', 'linux')).toBe('مرحبا.pdf');
  });
});
