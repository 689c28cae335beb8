/**
 * wpdb::process_fields' length check. Before an insert or update, $wpdb measures each string
 * against its column (get_col_length: characters for VARCHAR, bytes for the TEXT types) and
 * strip_invalid_text cuts what is too long; a value that changed makes $wpdb->insert / update
 * return false without running the query. MySQL in strict mode would refuse the same row with an
 * error, so callers ask here first and answer as WordPress does when $wpdb says no.
 */

/** A column's limit as get_col_length reports it. */
interface ColumnLength {
  unit: 'chars' | 'bytes';
  length: number;
}

const varchar = (length: number): ColumnLength => ({ unit: 'chars', length });
const TEXT: ColumnLength = { unit: 'bytes', length: 65_535 };

/** The limited string columns of `posts` (LONGTEXT ones hold any request). */
export const POSTS_COLUMN_LENGTHS: Readonly<Record<string, ColumnLength>> = {
  post_title: TEXT,
  post_excerpt: TEXT,
  post_status: varchar(20),
  comment_status: varchar(20),
  ping_status: varchar(20),
  post_password: varchar(255),
  post_name: varchar(200),
  to_ping: TEXT,
  pinged: TEXT,
  guid: varchar(255),
  post_type: varchar(20),
  post_mime_type: varchar(100),
};

/** The limited string columns of `terms`. */
export const TERMS_COLUMN_LENGTHS: Readonly<Record<string, ColumnLength>> = {
  name: varchar(200),
  slug: varchar(200),
};

function lengthIn(value: string, unit: ColumnLength['unit']): number {
  // mb_strlen counts code points; strlen counts UTF-8 bytes.
  return unit === 'bytes' ? Buffer.byteLength(value, 'utf8') : [...value].length;
}

/** Whether $wpdb would write `row` to a table with these limits: every string fits its column. */
export function fitsColumns(row: Readonly<Record<string, unknown>>, lengths: Readonly<Record<string, ColumnLength>>): boolean {
  return Object.entries(lengths).every(([column, limit]) => {
    const value = row[column];
    return typeof value !== 'string' || lengthIn(value, limit.unit) <= limit.length;
  });
}
