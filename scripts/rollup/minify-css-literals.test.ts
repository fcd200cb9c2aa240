import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rollup } from 'rollup';
import { minifyCssLiterals, tidyCss } from './minify-css-literals.mjs';

/** What a module's default export is once built with the step (the module evaluated from its built code). */
async function built(id: string, source: string, minified = true): Promise<{ code: string; value: unknown }> {
  const bundle = await rollup({
    input: id,
    plugins: [
      { name: 'source', resolveId: (name) => name, load: () => source },
      ...(minified ? [minifyCssLiterals()] : []),
    ],
    onwarn: (warning) => assert.fail(warning.message),
  });
  const { output } = await bundle.generate({ format: 'es', sourcemap: 'hidden' });
  const code = output[0].code;
  const module = await import(`data:text/javascript,${encodeURIComponent(code)}`);
  return { code, value: module.default };
}

describe('the minify-css-literals build step', () => {
  it('takes out comments and the white space that means nothing, and keeps what means something', () => {
    assert.equal(
      tidyCss(`
        /* the panel */
        .a  .b > .c,
        .d:hover { color: red ;  margin: 0 auto; }
        @media (max-width: 600px) { .e { width: calc(100% - 2px); } }`),
      ' .a .b > .c,.d:hover{color: red;margin: 0 auto}@media (max-width: 600px){.e{width: calc(100% - 2px)}}',
    );
  });

  it('leaves quoted strings as written, comments and punctuation in them included', () => {
    assert.equal(
      tidyCss(`.a::before { content: "  /* x */ { ; }  "; } .b[title='a ,  b'] { quotes: "\\"" '  '; }`),
      `.a::before{content: "  /* x */ { ; }  "}.b[title='a ,  b']{quotes: "\\"" '  '}`,
    );
  });

  it("rewrites a style module's CSS literals, nested ones and what they interpolate included, to the same CSS", async () => {
    const source = `
      const names = ['fadeIn', 'zoomIn'];
      const rules = names.map((name) => \`
        [data-animation="\${name}"] {
          animation: poptin-\${name} 1s both;
        }\`).join('\\n');
      const quiet = '.x { color: blue; }';
      export default \`\${quiet}
      \${rules}
      .panel   .close { content: "\\\\00d7  "; }\`;`;
    const asWritten = (await built('/src/frame-styles.ts', source, false)).value;
    const { code, value } = await built('/src/frame-styles.ts', source);
    assert.equal(
      value,
      // Each inner literal keeps one space at its start: it may be joined to a selector.
      '.x { color: blue; }  [data-animation="fadeIn"]{animation: poptin-fadeIn 1s both}\n [data-animation="zoomIn"]{animation: poptin-zoomIn 1s both} .panel .close{content: "\\00d7  "}',
    );
    assert.notEqual(value, asWritten);
    assert.equal(tidyCss(String(asWritten)), tidyCss(String(value)), 'the same CSS, tidied either way');
    assert.match(code, /animation: poptin-\$\{name\} 1s both/);
  });

  it('leaves modules that are not style modules as written', async () => {
    const source = 'export default `.a   { color: red; }`;';
    for (const id of [
      '/src/components/template/template-parts.ts',
      '/src/core/inline-styles.ts',
      '/src/use-template-styles.ts',
    ])
      assert.equal((await built(id, source)).value, '.a   { color: red; }', id);
  });
});
