// The renderer's colours and scales live in one token file; every other stylesheet uses them through
// var(), uses only variables that exist, and belongs to one component or feature (one importer).
// The checks run on the real stylesheets, and on a bad sample to prove they bite.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(root, 'renderer/src');
const TOKEN_FILE = 'tokens.css';

/** A file under renderer/src: its path relative to that folder (with `/`) and its text. */
interface SourceFile {
  file: string;
  text: string;
}

// CSS Color 4 named colours and the system colours; `transparent` and `currentColor` are allowed.
const NAMED_COLOURS = new Set(
  `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown
  burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan
  darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred
  darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink
  deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold
  goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush
  lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey
  lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow
  lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen
  mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin
  navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise
  palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue
  saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow
  springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen
  accentcolor accentcolortext activetext buttonborder buttonface buttontext canvas canvastext field fieldtext
  graytext highlight highlighttext linktext mark marktext selecteditem selecteditemtext visitedtext`.split(/\s+/),
);
const COLOUR_FUNCTION = /(?<![\w-])(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/i;
const HEX = /#[0-9a-f]{3,8}\b/i;

/** Every `property: value` in a stylesheet (comments dropped, selectors and at-rule preludes skipped). */
function declarations(css: string): { prop: string; value: string }[] {
  const found: { prop: string; value: string }[] = [];
  const parts = css.replace(/\/\*[\s\S]*?\*\//g, '').split(/([{}])/);
  for (let i = 0; i < parts.length; i += 2) {
    const chunks = (parts[i] ?? '').split(';');
    // Text just before a `{` is a selector or an at-rule prelude, not a declaration.
    if (parts[i + 1] === '{') chunks.pop();
    for (const chunk of chunks) {
      const colon = chunk.indexOf(':');
      if (colon > 0) found.push({ prop: chunk.slice(0, colon).trim(), value: chunk.slice(colon + 1).trim() });
    }
  }
  return found;
}

/** The colour literal in a value, if any: hex, a colour function, or a colour keyword. */
function colourLiteral(value: string): string | undefined {
  const bare = value.replace(/'[^']*'|"[^"]*"/g, "''").replace(/var\(\s*--[\w-]+/g, 'var(');
  const hex = HEX.exec(bare);
  if (hex) return hex[0];
  const fn = COLOUR_FUNCTION.exec(bare);
  if (fn) return fn[0];
  return bare.match(/(?<![\w-])[a-z]+(?![\w(-])/gi)?.find((word) => NAMED_COLOURS.has(word.toLowerCase()));
}

/** The stylesheets each source file imports, as paths relative to renderer/src. */
function cssImports(source: SourceFile): string[] {
  const dir = path.posix.dirname(source.file);
  return [...source.text.matchAll(/^\s*import\s+(?:[^'"]*?\s+from\s+)?['"]([^'"]+\.css)['"]/gm)].map((m) =>
    path.posix.normalize(path.posix.join(dir, m[1] ?? '')),
  );
}

/** What breaks the rules, one line per problem; empty when all is well. */
function cssProblems(sheets: SourceFile[], sources: SourceFile[], tokenFile = TOKEN_FILE): string[] {
  const problems: string[] = [];
  const defined = new Set<string>();
  for (const sheet of sheets) {
    for (const { prop } of declarations(sheet.text)) if (prop.startsWith('--')) defined.add(prop);
  }
  for (const sheet of sheets) {
    for (const { prop, value } of declarations(sheet.text)) {
      if (sheet.file !== tokenFile) {
        if (prop.startsWith('--')) problems.push(`${sheet.file}: defines ${prop} outside ${tokenFile}`);
        const literal = colourLiteral(value);
        if (literal) problems.push(`${sheet.file}: colour literal ${literal} in ${prop}: ${value}`);
      }
      for (const [, name] of value.matchAll(/var\(\s*(--[\w-]+)/g)) {
        if (name && !defined.has(name)) problems.push(`${sheet.file}: ${prop} uses ${name}, defined nowhere`);
      }
    }
  }
  const importers = new Map<string, string[]>(sheets.map((sheet) => [sheet.file, []]));
  for (const source of sources) {
    for (const css of cssImports(source)) importers.set(css, [...(importers.get(css) ?? []), source.file]);
  }
  for (const [css, by] of importers) {
    if (by.length === 0) problems.push(`${css}: imported by no component`);
    if (by.length > 1) problems.push(`${css}: imported by ${by.length} files (${by.join(', ')}); one owner only`);
  }
  return problems;
}

function readTree(dir: string, ext: RegExp): SourceFile[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => ext.test(file) && !/\.test\.tsx?$/.test(file))
    .sort()
    .map((file) => ({ file: file.split(path.sep).join('/'), text: fs.readFileSync(path.join(dir, file), 'utf8') }));
}

describe('renderer stylesheets', () => {
  const sheets = readTree(SRC, /\.css$/);

  it('keep colours in the token file, use only defined variables, and each have one importer', () => {
    expect(sheets.map((s) => s.file)).toContain(TOKEN_FILE);
    expect(sheets.length).toBeGreaterThan(5);
    expect(cssProblems(sheets, readTree(SRC, /\.tsx?$/))).toEqual([]);
  });

  it('would catch a colour literal, an undefined variable, a stray token and a shared or orphan sheet', () => {
    const bad: SourceFile[] = [
      { file: TOKEN_FILE, text: ':root {\n  --ok: #ffffff;\n  --space-1: 2px;\n}\n' },
      {
        file: 'feature/feature.css',
        text: [
          '/* #000000 in a comment is fine */',
          '.a {',
          '  color: #123456;',
          '  background: rgb(0 0 0 / 0.3);',
          '  border: 1px solid red;',
          '  margin: var(--nope);',
          '  padding: var(--space-1);',
          '}',
          '@media (prefers-color-scheme: dark) {',
          '  .a:hover:not(:disabled) {',
          '    outline-color: hsl(0 0% 50%);',
          '    --local: 1px;',
          '  }',
          '}',
        ].join('\n'),
      },
      {
        file: 'feature/fine.css',
        text: ".b { color: currentColor; background: transparent; border-color: inherit; font-family: 'Red Hat Text', sans-serif; box-shadow: var(--ok); background-image: color-mix(in srgb, var(--ok) 8%, transparent); }\n.c:hover { white-space: nowrap; }\n",
      },
      { file: 'orphan.css', text: '.d { color: var(--ok); }\n' },
    ];
    const sources: SourceFile[] = [
      { file: 'main.tsx', text: "import './tokens.css';\n" },
      { file: 'feature/A.tsx', text: "import { x } from './x';\nimport './feature.css';\nimport './fine.css';\n" },
      { file: 'feature/B.tsx', text: "import './feature.css';\n" },
    ];
    expect(cssProblems(bad, sources)).toEqual([
      'feature/feature.css: colour literal #123456 in color: #123456',
      'feature/feature.css: colour literal rgb( in background: rgb(0 0 0 / 0.3)',
      'feature/feature.css: colour literal red in border: 1px solid red',
      'feature/feature.css: margin uses --nope, defined nowhere',
      'feature/feature.css: colour literal hsl( in outline-color: hsl(0 0% 50%)',
      'feature/feature.css: defines --local outside tokens.css',
      'feature/feature.css: imported by 2 files (feature/A.tsx, feature/B.tsx); one owner only',
      'orphan.css: imported by no component',
    ]);
  });
});
