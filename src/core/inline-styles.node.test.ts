import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { moveInlineStyles } from './inline-styles.ts';

describe('moveInlineStyles', () => {
  it('renames style attributes in every quoting form and letter case', () => {
    assert.equal(
      moveInlineStyles(
        `<div style="color:red"><p STYLE='margin:0'>a</p><b style=color:blue>b</b><i style = "x">i</i></div>`,
      ),
      `<div data-poptin-style="color:red"><p data-poptin-style='margin:0'>a</p><b data-poptin-style=color:blue>b</b><i data-poptin-style = "x">i</i></div>`,
    );
  });

  it('reads attributes the way the tokenizer does: after a slash, after a value with ">" inside, and with no value', () => {
    assert.equal(
      moveInlineStyles('<img/style="a" alt="1 > 0 style=x">'),
      '<img/data-poptin-style="a" alt="1 > 0 style=x">',
    );
    assert.equal(moveInlineStyles('<input disabled style="b">'), '<input disabled data-poptin-style="b">');
    assert.equal(
      moveInlineStyles('<div data-style="keep" mystyle="keep" style-x="keep">'),
      '<div data-style="keep" mystyle="keep" style-x="keep">',
    );
  });

  it('leaves text, comments and raw-text elements alone', () => {
    const text =
      '<p>write style="color:red" or a < b style=1</p><!-- <div style="c"> --><textarea><b style="d"></b></textarea><title>style="e"</title>';
    assert.equal(moveInlineStyles(text), text);
  });

  it('finds the end of a raw-text element after letters whose lower case is longer (İ), and the style after it', () => {
    assert.equal(
      moveInlineStyles('<p>İİİİİİİİİİİİİİİİ</p><textarea>a</textarea><b style="color:red">b</b>'),
      '<p>İİİİİİİİİİİİİİİİ</p><textarea>a</textarea><b data-poptin-style="color:red">b</b>',
    );
  });

  it('keeps unfinished markup as it is but for the attribute name', () => {
    assert.equal(moveInlineStyles('<div style="open'), '<div data-poptin-style="open');
    assert.equal(moveInlineStyles('a <'), 'a <');
    assert.equal(moveInlineStyles(''), '');
  });
});
