import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PopupSummary } from '../api/client.ts';
import { countsByStatus, filterFrom, filterPopups, isFiltered, paramsOf } from './popup-filter.ts';

const popup = (id: string, name: string, status: PopupSummary['status']): PopupSummary => ({
  id,
  name,
  type: 'lightbox',
  status,
  hasUnpublishedChanges: false,
  updatedAt: '2026-11-30T10:00:00.000Z',
  publishedAt: null,
  schedule: null,
});

const popups = [
  popup('spring000001', 'Spring sale: 10% off', 'live'),
  popup('winter000001', 'Winter newsletter', 'paused'),
  popup('cafe00000001', 'Café opening', 'draft'),
  popup('hebrew000001', 'מבצע קיץ', 'live'),
];
const ids = (found: PopupSummary[]) => found.map((each) => each.id);

describe('finding pop-ups', () => {
  it('finds the text typed in a name, whatever the case, the accents and the spaces, or the start of an ID', () => {
    assert.deepEqual(ids(filterPopups(popups, { text: 'SPRING  sale', status: 'all' })), ['spring000001']);
    assert.deepEqual(ids(filterPopups(popups, { text: 'cafe', status: 'all' })), ['cafe00000001']);
    assert.deepEqual(ids(filterPopups(popups, { text: 'קיץ', status: 'all' })), ['hebrew000001']);
    assert.deepEqual(ids(filterPopups(popups, { text: 'winter0000', status: 'all' })), ['winter000001']);
    // The digits inside every ID find none of them.
    assert.deepEqual(ids(filterPopups(popups, { text: '0001', status: 'all' })), []);
    assert.deepEqual(ids(filterPopups(popups, { text: 'sale spring', status: 'all' })), []);
    assert.deepEqual(ids(filterPopups(popups, { text: '   ', status: 'all' })), ids(popups));
  });

  it("keeps the chosen status's pop-ups, in the list's order, and counts each status", () => {
    assert.deepEqual(ids(filterPopups(popups, { text: '', status: 'live' })), ['spring000001', 'hebrew000001']);
    assert.deepEqual(ids(filterPopups(popups, { text: 'sale', status: 'draft' })), []);
    assert.deepEqual(countsByStatus(popups), { all: 4, live: 2, paused: 1, draft: 1 });
  });

  it('reads the filter from the address, refusing a status it does not know, and writes only what filters', () => {
    assert.deepEqual(filterFrom(new URLSearchParams('q=sale&status=paused')), { text: 'sale', status: 'paused' });
    assert.deepEqual(filterFrom(new URLSearchParams('status=archived')), { text: '', status: 'all' });
    assert.equal(filterFrom(new URLSearchParams({ q: 'x'.repeat(500) })).text.length, 200);
    assert.deepEqual(paramsOf({ text: '', status: 'all' }), {});
    assert.deepEqual(paramsOf({ text: 'sale', status: 'live' }), { q: 'sale', status: 'live' });
    assert.equal(isFiltered({ text: ' ', status: 'all' }), false);
    assert.equal(isFiltered({ text: '', status: 'draft' }), true);
  });
});
