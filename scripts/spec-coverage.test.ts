// docs/spec-coverage.md stays true: every test it cites exists under the name it gives.
//
// A proof cell cites tests as `path/to/file.test.ts "test name", "other name"; other/file.ts "name"`: the quoted
// names that follow a path, separated by commas, semicolons, `…` or a remark in parentheses, are titles of that file's
// tests or suites, or of those of the modules it imports (two levels down, for shared case files). A title written as
// a template literal matches whatever its `${…}` parts become; a cited name ending in `…` stands for every title it
// begins. Quotes elsewhere in the prose are not names.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOC = 'docs/spec-coverage.md';
const IMPORT_DEPTH = 2;

/** A title as written: its literal parts, with anything possible between two consecutive ones. */
type Title = string[];

interface Citation {
  file: string;
  names: string[];
}

interface Row {
  line: number;
  citations: Citation[];
}

/** Table rows of the document, with the files and test names their last cell cites. */
function citationsOf(markdown: string): Row[] {
  const rows: Row[] = [];
  markdown.split('\n').forEach((text, index) => {
    if (!text.startsWith('|')) return;
    const cells = text.split(/(?<!\\)\|/).slice(1);
    if (cells.at(-1)?.trim() === '') cells.pop();
    const proof = cells.at(-1) ?? '';
    if (/^\s*(?:-+|proof)\s*$/.test(proof)) return;
    rows.push({ line: index + 1, citations: citationsIn(proof) });
  });
  return rows;
}

const QUOTED = String.raw`"(?:[^"\\]|\\.)*"`;
/** Between two names of one file: commas, semicolons or `…` (the names between), and perhaps a remark in parentheses. */
const NAME_SEPARATOR = /^[\s,;…]*(?:\([^()"]*\)[\s,;…]*)?$/;
const FILE_PATH = String.raw`(?<![\w./-])(?:[\w.-]+/)+[\w.-]+\.(?:tsx|ts|mts|mjs|cjs|js)(?![\w])`;

function citationsIn(proof: string): Citation[] {
  const citations: Citation[] = [];
  let current: Citation | undefined;
  let end = 0;
  for (const match of proof.matchAll(new RegExp(`${QUOTED}|${FILE_PATH}`, 'g'))) {
    const token = match[0];
    const between = proof.slice(end, match.index);
    end = match.index + token.length;
    if (!token.startsWith('"')) {
      current = { file: token, names: [] };
      citations.push(current);
    } else if (current && NAME_SEPARATOR.test(between)) {
      current.names.push(unescapeName(token.slice(1, -1)));
    } else {
      current = undefined;
    }
  }
  return citations;
}

function unescapeName(name: string): string {
  return name.replace(/\\(.)/g, '$1');
}

/** The titles of the `it`, `test` and `describe` calls whose name is a string or template literal. */
function titlesIn(source: string): Title[] {
  const titles: Title[] = [];
  const call = /(?<![\w$])(?:[\w$]+\.)?(?:it|test|describe)(?:\.(?:only|skip|todo))?\s*\(\s*(?=['"`])/g;
  for (const match of source.matchAll(call)) {
    const literal = readLiteral(source, match.index + match[0].length);
    if (literal) titles.push(literal.parts);
  }
  return titles;
}

/** Reads the string or template literal starting at `start`: its literal parts and where it ends. */
function readLiteral(source: string, start: number): { parts: string[]; end: number } | undefined {
  const quote = source[start];
  const parts: string[] = [''];
  let index = start + 1;
  while (index < source.length) {
    const char = source[index];
    if (char === quote) return { parts, end: index + 1 };
    if (char === '\\') {
      parts[parts.length - 1] += escaped(source[index + 1]);
      index += 2;
    } else if (quote === '`' && char === '$' && source[index + 1] === '{') {
      index = skipExpression(source, index + 2);
      parts.push('');
    } else if (char === '\n' && quote !== '`') {
      return undefined;
    } else {
      parts[parts.length - 1] += char;
      index += 1;
    }
  }
  return undefined;
}

function escaped(char: string | undefined): string {
  const named: Record<string, string> = { n: '\n', t: '\t', r: '\r' };
  return char === undefined ? '' : (named[char] ?? char);
}

/** Index just past the `}` closing a `${` expression that starts at `start`, over nested braces and literals. */
function skipExpression(source: string, start: number): number {
  let depth = 1;
  let index = start;
  while (index < source.length) {
    const char = source[index];
    if (char === "'" || char === '"' || char === '`') {
      index = readLiteral(source, index)?.end ?? index + 1;
      continue;
    }
    if (char === '{') depth += 1;
    if (char === '}') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
    index += 1;
  }
  return index;
}

/** Whether a cited name is this title, or begins it when the name ends in `…`. */
function titleMatches(title: Title, cited: string): boolean {
  const prefix = /\s*…$/.exec(cited);
  if (prefix) return canBegin(title, 0, cited.slice(0, prefix.index));
  const literal = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${title.map(literal).join('[\\s\\S]*')}$`).test(cited);
}

/** Whether some string the title stands for, from its part `index` on, begins with `text`. */
function canBegin(title: Title, index: number, text: string): boolean {
  const part = title[index];
  if (text.length <= part.length) return part.startsWith(text);
  if (!text.startsWith(part) || index === title.length - 1) return false;
  const rest = text.slice(part.length);
  for (let skipped = 0; skipped <= rest.length; skipped += 1) {
    if (canBegin(title, index + 1, rest.slice(skipped))) return true;
  }
  return false;
}

/** The file and the relative modules it imports, `depth` levels down, with the depth left at each. */
function filesReachedFrom(file: string, depth: number, root: string, reached = new Map<string, number>()) {
  if ((reached.get(file) ?? -1) >= depth) return reached;
  reached.set(file, depth);
  if (depth === 0) return reached;
  const source = readFileSync(path.join(root, file), 'utf8');
  const imports = /(?:\bfrom\s+|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const match of source.matchAll(imports)) {
    const target = path.join(path.dirname(file), match[1]);
    if (isFile(path.join(root, target))) filesReachedFrom(target, depth - 1, root, reached);
  }
  return reached;
}

function isFile(file: string): boolean {
  return existsSync(file) && statSync(file).isFile();
}

/** One line per cited file that does not exist and per cited name no test or suite has. */
function coverageProblems(markdown: string, root: string, docName = DOC): string[] {
  const problems: string[] = [];
  const titlesByFile = new Map<string, Title[]>();
  const titlesReachedFrom = (file: string): Title[] => {
    let titles = titlesByFile.get(file);
    if (!titles) {
      titles = [...filesReachedFrom(file, IMPORT_DEPTH, root).keys()].flatMap((reached) =>
        titlesIn(readFileSync(path.join(root, reached), 'utf8')),
      );
      titlesByFile.set(file, titles);
    }
    return titles;
  };
  for (const row of citationsOf(markdown)) {
    for (const { file, names: cited } of row.citations) {
      if (!isFile(path.join(root, file))) {
        problems.push(`${docName}:${row.line}: ${file} does not exist`);
        continue;
      }
      const titles = titlesReachedFrom(file);
      for (const name of cited) {
        if (!titles.some((title) => titleMatches(title, name))) {
          problems.push(`${docName}:${row.line}: ${file} has no test or suite named "${name}"`);
        }
      }
    }
  }
  return problems;
}

describe('spec coverage citations', () => {
  let root: string;

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'poptin-spec-coverage-'));
    const write = async (file: string, text: string) => {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    };
    await write(
      'src/forms.test.ts',
      [
        "import { phoneCases } from '../test/cases/phone.ts';",
        "describe('phone numbers', () => {",
        "  it('keeps \\'+\\' in front', () => {});",
        '  test("says \\"Close\\" | and more", () => {});',
        `  for (const [input, output] of cases) it(\`\${input.trim()} → "\${output}"\`, () => {});`,
        `  it(\`after \${'{'} \${\`nested \${1}\`} seconds\`, () => {});`,
        '});',
        'phoneCases();',
      ].join('\n'),
    );
    await write(
      'test/cases/phone.ts',
      "import { helper } from './helper.ts';\nexport const phoneCases = () => it('a shared case', () => {});\n",
    );
    await write('test/cases/helper.ts', "import './deeper.ts';\nit('a helper title', () => {});\n");
    await write('test/cases/deeper.ts', "it('three levels down', () => {});\n");
  });

  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const problemsOf = (proof: string) =>
    coverageProblems(`| requirement | proof |\n|---|---|\n| a row | ${proof} |\n`, root);

  it('accepts titles written as strings, with escaped quotes and pipes, in suites and shared case files', () => {
    assert.deepEqual(
      problemsOf(
        String.raw`src/forms.test.ts "phone numbers", "keeps '+' in front"; "says \"Close\" \| and more"; src/forms.test.ts "a shared case", "a helper title"`,
      ),
      [],
    );
  });

  it('matches a template title whatever its parts become, and a cited name ending in … as a beginning', () => {
    assert.deepEqual(
      problemsOf(
        'src/forms.test.ts "050 → \\"050-123\\"", "after 5 or 6 seconds", "after …", "050 → …", "phone numbers…", "keeps …"',
      ),
      [],
    );
    assert.equal(problemsOf('src/forms.test.ts "050 → 050-123"').length, 1, 'the quotes of the template are kept');
    assert.deepEqual(problemsOf('test/cases/phone.ts "a shared …", "a helper …"'), []);
    assert.equal(problemsOf('test/cases/phone.ts "a sharp …"').length, 1);
    assert.equal(problemsOf('src/forms.test.ts "phone numbers and more"').length, 1, 'a whole name is whole');
  });

  it('reads the names after a remark in parentheses or a `…` as names of the same file', () => {
    assert.deepEqual(
      problemsOf('src/forms.test.ts "phone numbers" (all of them), "a shared case" … "a helper title"; "phone …"'),
      [],
    );
    assert.deepEqual(problemsOf('src/forms.test.ts "phone numbers" (all of them), "gone" … "gone too"'), [
      `${DOC}:3: src/forms.test.ts has no test or suite named "gone"`,
      `${DOC}:3: src/forms.test.ts has no test or suite named "gone too"`,
    ]);
  });

  it('names each row whose file is missing or whose name no test has', () => {
    assert.deepEqual(
      problemsOf(
        'src/gone.test.ts "anything"; src/forms.test.ts "phone numbers", "a renamed test", "three levels down"',
      ),
      [
        `${DOC}:3: src/gone.test.ts does not exist`,
        `${DOC}:3: src/forms.test.ts has no test or suite named "a renamed test"`,
        `${DOC}:3: src/forms.test.ts has no test or suite named "three levels down"`,
      ],
    );
  });

  it('reads only the names that follow a file, not quotes in the prose around them', () => {
    assert.deepEqual(
      problemsOf('the "Close popup" label: src/forms.test.ts "phone numbers" (the "x" button), "not a citation"'),
      [],
    );
  });

  it(`every file and test name ${DOC} cites exists`, (t) => {
    const markdown = readFileSync(path.join(ROOT, DOC), 'utf8');
    const rows = citationsOf(markdown);
    const citations = rows.flatMap((row) => row.citations);
    const names = citations.reduce((sum, citation) => sum + citation.names.length, 0);
    t.diagnostic(`${rows.length} rows: ${citations.length} cited files, ${names} cited names`);
    const problems = coverageProblems(markdown, ROOT);
    assert.equal(problems.length, 0, `${problems.length} stale citations:\n${problems.join('\n')}`);
  });
});
