import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvCell, csvLine } from './csv.ts';

describe('csv', () => {
  it('quotes cells holding commas, quotes or line breaks and doubles inner quotes', () => {
    assert.equal(csvCell('plain'), 'plain');
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('line1\nline2'), '"line1\nline2"');
    assert.equal(csvCell('cr\rhere'), '"cr\rhere"');
  });

  it('neutralises spreadsheet formulas with a leading single quote', () => {
    assert.equal(csvCell('=HYPERLINK("http://evil","x")'), `"'=HYPERLINK(""http://evil"",""x"")"`);
    assert.equal(csvCell('+1 555 0100'), "'+1 555 0100");
    assert.equal(csvCell('-2+3'), "'-2+3");
    assert.equal(csvCell('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvCell('\tcmd'), "'\tcmd");
    assert.equal(csvCell('a=b'), 'a=b');
  });

  it('writes empty cells for null and JSON for objects', () => {
    assert.equal(csvCell(null), '');
    assert.equal(csvCell(undefined), '');
    assert.equal(csvCell(12), '12');
    assert.equal(csvCell([{ a: 1 }]), '"[{""a"":1}]"');
  });

  it('writes a line of cells ended by CRLF', () => {
    assert.equal(csvLine(['a', 'b']), 'a,b\r\n');
    assert.equal(csvLine([1, 'x,y', null, '=1+1']), `1,"x,y",,'=1+1\r\n`);
  });
});
