import { describe, expect, it } from 'vitest';
import { escLike } from '../../../../src/wp/php/sql-like.js';

describe('escLike (wpdb::esc_like)', () => {
  it('escapes %, _ and the backslash, nothing else', () => {
    expect(escLike('100%_off\\now')).toBe('100\\%\\_off\\\\now');
    expect(escLike('plain text')).toBe('plain text');
  });
});
