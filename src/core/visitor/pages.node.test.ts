import { describe, it } from 'node:test';
import { expect } from 'chai';
import { appendPage, formatDateStamp, joinPages, joinPagesWithDates, MAX_VISITED_PAGES } from './pages.ts';

describe('visited pages (widget §3 visitor state)', () => {
  const at = new Date(2025, 2, 4, 12).getTime();

  it('date stamps are MM-DD-YYYY', () => {
    expect(formatDateStamp(at)).to.equal('03-04-2025');
  });

  it('pipe-separated, with and without date stamps; a "|" inside an address is escaped', () => {
    const pages = [
      { url: 'https://s.example/a', at },
      { url: 'https://s.example/b?x=1|2', at },
    ];
    expect(joinPages(pages)).to.equal('https://s.example/a|https://s.example/b?x=1%7C2');
    expect(joinPagesWithDates(pages)).to.equal('https://s.example/a@03-04-2025|https://s.example/b?x=1%7C2@03-04-2025');
  });

  it(`keeps the newest ${MAX_VISITED_PAGES} pages`, () => {
    let pages: { url: string; at: number }[] = [];
    for (let i = 0; i < MAX_VISITED_PAGES + 5; i++) pages = appendPage(pages, { url: `/p${i}`, at });
    expect(pages).to.have.length(MAX_VISITED_PAGES);
    expect(pages[0].url).to.equal('/p5');
  });
});
