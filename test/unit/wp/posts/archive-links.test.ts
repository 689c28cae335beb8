import { describe, expect, it } from 'vitest';
import {
  archiveHeaders,
  currentRestUrl,
  nextRestUrl,
  postArchiveNeighbours,
  previousRestUrl,
  resolveArchiveStatuses,
  termArchiveNeighbours,
  totalPages,
} from '../../../../src/wp/posts/archive-links.js';
import { ANONYMOUS, type Viewer } from '../../../../src/wp/auth/capabilities.js';

const BASE = 'http://example.test/wp-json/calendar/events/v1/events/';

describe('currentRestUrl (Archive_Base::get_current_rest_url)', () => {
  it('adds the args in order, lists as CSV, unset ones left out', () => {
    expect(currentRestUrl(BASE, { page: 1, per_page: 5, search: undefined, status: ['draft', 'publish'], include: [3, 4] })).toBe(
      `${BASE}?page=1&per_page=5&status=draft,publish&include=3,4`,
    );
  });

  it('adds set extra args in a second call that re-encodes the first ones', () => {
    expect(currentRestUrl(BASE, { start_date: '2026-01-01 00:00:00' }, { venue: '7', featured: undefined })).toBe(
      `${BASE}?start_date=2026-01-01+00%3A00%3A00&venue=7`,
    );
    expect(currentRestUrl(BASE, { start_date: '2026-01-01 00:00:00' }, { venue: undefined })).toBe(
      `${BASE}?start_date=2026-01-01 00:00:00`,
    );
  });
});

describe('next and previous URLs (Archive_Base)', () => {
  const current = `${BASE}?page=3&per_page=2&start_date=2026-01-01 00:00:00`;

  it('moves page to the end, re-encoding what came before', () => {
    expect(nextRestUrl(current, 3)).toBe(`${BASE}?per_page=2&start_date=2026-01-01+00%3A00%3A00&page=4`);
    expect(previousRestUrl(current, 3)).toBe(`${BASE}?per_page=2&start_date=2026-01-01+00%3A00%3A00&page=2`);
  });

  it('drops page altogether for the first page', () => {
    expect(previousRestUrl(`${BASE}?page=2&per_page=2`, 2)).toBe(`${BASE}?per_page=2`);
  });
});

describe('postArchiveNeighbours (has_next / has_previous by the total)', () => {
  it('links the pages that would hold something', () => {
    expect(postArchiveNeighbours(`${BASE}?page=1&per_page=2`, 1, 2, 5)).toEqual({ next_rest_url: `${BASE}?per_page=2&page=2` });
    expect(postArchiveNeighbours(`${BASE}?page=3&per_page=2`, 3, 2, 5)).toEqual({ previous_rest_url: `${BASE}?per_page=2&page=2` });
    expect(postArchiveNeighbours(`${BASE}?page=1&per_page=2`, 1, 2, 2)).toEqual({});
  });

  it('gives no previous page when that page too is past the end', () => {
    expect(postArchiveNeighbours(`${BASE}?page=5&per_page=10`, 5, 10, 12)).toEqual({});
  });
});

describe('termArchiveNeighbours (Term_Archive_Base::get)', () => {
  const base = 'http://example.test/wp-json/calendar/events/v1/categories/';

  it('links by the page count, a previous page even past the end', () => {
    expect(termArchiveNeighbours(base, 1, 3)).toEqual({ next_rest_url: `${base}?page=2` });
    expect(termArchiveNeighbours(base, 2, 3)).toEqual({ next_rest_url: `${base}?page=3`, previous_rest_url: base });
    expect(termArchiveNeighbours(base, 9, 3)).toEqual({ previous_rest_url: `${base}?page=8` });
    expect(termArchiveNeighbours(base, 1, 1)).toEqual({});
  });
});

describe('totals', () => {
  it('counts pages as the plugin does', () => {
    expect(totalPages(0, 10)).toBe(0);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
  });

  it('writes the X-TEC headers as strings', () => {
    expect(archiveHeaders(11, 2)).toEqual({ 'X-TEC-Total': '11', 'X-TEC-TotalPages': '2' });
  });
});

describe('resolveArchiveStatuses', () => {
  const editor: Viewer = { userId: 2, capabilities: new Set(['read', 'edit_tribe_venues']) };
  const eventEditor: Viewer = { userId: 3, capabilities: new Set(['read', 'edit_tribe_events']) };

  it('lists published posts to visitors and any status to editors when none is asked for', () => {
    expect(resolveArchiveStatuses(ANONYMOUS, 'tribe_venue', undefined)).toEqual({ statuses: ['publish'], urlValue: 'publish' });
    expect(resolveArchiveStatuses(editor, 'tribe_venue', undefined)).toMatchObject({ urlValue: 'any' });
    expect(resolveArchiveStatuses(editor, 'tribe_venue', undefined).statuses).toContain('draft');
  });

  it('expands any as WP_Query does, by the capability of the archive’s own post type', () => {
    expect(resolveArchiveStatuses(eventEditor, 'tribe_events', undefined)).toEqual({
      statuses: ['publish', 'future', 'draft', 'pending', 'private'],
      urlValue: 'any',
    });
    expect(resolveArchiveStatuses(editor, 'tribe_events', undefined)).toEqual({ statuses: ['publish'], urlValue: 'publish' });
  });

  it('keeps the requested statuses, in the URL as a list', () => {
    expect(resolveArchiveStatuses(editor, 'tribe_venue', 'draft,trash')).toEqual({
      statuses: ['draft', 'trash'],
      urlValue: ['draft', 'trash'],
    });
  });

  it('falls back to publish when filter_post_status_list refuses the request', () => {
    expect(resolveArchiveStatuses(ANONYMOUS, 'tribe_venue', 'draft')).toEqual({ statuses: ['publish'], urlValue: ['publish'] });
  });
});
