/**
 * Reading the text of binlog query events. With row-based logging, data changes arrive as row
 * events, but TRUNCATE, DROP, ALTER, RENAME and CREATE TABLE still arrive as statements, and so
 * does any DML a session wrote with statement or mixed logging. None of them says which rows
 * changed, so the feed treats every site table they name as wholly changed.
 */

export type StatementKind = 'begin' | 'commit' | 'rollback' | 'control' | 'change';

export interface NamedTable {
  /** The qualifier written before the table (`db`.`table`), or undefined for a bare name. */
  schema: string | undefined;
  table: string;
}

const CONTROL = /^(?:SAVEPOINT|RELEASE\s+SAVEPOINT|ROLLBACK\s+TO|XA\s+(?:START|BEGIN|END|PREPARE))\b/;

/**
 * What a query event does to the transaction it sits in: opens one, ends one (COMMIT, XA COMMIT),
 * rolls one back, only manages it (savepoints, XA START/END/PREPARE), or changes data or tables.
 */
export function classifyStatement(query: string): StatementKind {
  const text = stripComments(query).trim().toUpperCase();
  if (text === 'BEGIN' || /^START\s+TRANSACTION\b/.test(text)) return 'begin';
  if (text === 'COMMIT' || /^XA\s+COMMIT\b/.test(text)) return 'commit';
  if (text === 'ROLLBACK' || /^XA\s+ROLLBACK\b/.test(text)) return 'rollback';
  if (CONTROL.test(text)) return 'control';
  return 'change';
}

/**
 * The action a statement stands for, from its first keyword: TRUNCATE, DROP and DELETE take rows
 * away; INSERT, REPLACE, CREATE and LOAD add them; anything else (ALTER, RENAME, UPDATE) changes them.
 */
export function statementAction(query: string): 'insert' | 'update' | 'delete' {
  const keyword = /^[A-Za-z]+/.exec(stripComments(query).trim())?.[0]?.toUpperCase();
  if (keyword === 'TRUNCATE' || keyword === 'DROP' || keyword === 'DELETE') return 'delete';
  if (keyword === 'INSERT' || keyword === 'REPLACE' || keyword === 'CREATE' || keyword === 'LOAD') return 'insert';
  return 'update';
}

// A name, bare or in backquotes (a doubled backquote stands for one), optionally qualified.
const IDENTIFIER = String.raw`(?:\x60(?:[^\x60]|\x60\x60)+\x60|[A-Za-z0-9_$]+)`;
const QUALIFIED = new RegExp(`(${IDENTIFIER})(?:\\s*\\.\\s*(${IDENTIFIER}))?`, 'g');

/**
 * Every name in the statement that could be a table, with its qualifier: keywords and column names
 * come along too, and the caller keeps only the names under the site's prefix. Reading every name
 * rather than parsing each statement's grammar means a statement we did not foresee still
 * invalidates the tables it names; a column or alias that happens to look like a site table only
 * costs an unneeded invalidation. String literals and comments are skipped.
 */
export function namedTables(query: string): NamedTable[] {
  const text = stripLiterals(query);
  const found: NamedTable[] = [];
  for (const match of text.matchAll(QUALIFIED)) {
    const first = unquote(match[1] ?? '');
    const second = match[2] === undefined ? undefined : unquote(match[2]);
    found.push(second === undefined ? { schema: undefined, table: first } : { schema: first, table: second });
  }
  return found;
}

function unquote(identifier: string): string {
  return identifier.startsWith('`') ? identifier.slice(1, -1).replaceAll('``', '`') : identifier;
}

// One pass over the text, so a quote inside a comment or a `#` inside a string cannot mislead
// the other: string literals become '' and comments a space, except that MariaDB executes the
// text inside /*! ... */ and /*M! ... */ (versioned comments), which is kept.
const LEXEMES = /'(?:[^'\\]|\\.|'')*'|"(?:[^"\\]|\\.|"")*"|`(?:[^`]|``)*`|\/\*(M?!\d*)?([\s\S]*?)\*\/|(?:--\s|#)[^\n]*/g;

function plainText(query: string, keepLiterals: boolean): string {
  return query.replace(LEXEMES, (lexeme: string, versioned: string | undefined, inner: string | undefined) => {
    if (lexeme.startsWith('`')) return lexeme;
    if (lexeme.startsWith("'") || lexeme.startsWith('"')) return keepLiterals ? lexeme : "''";
    if (lexeme.startsWith('/*')) return versioned !== undefined ? ` ${inner ?? ''} ` : ' ';
    return ' ';
  });
}

function stripComments(query: string): string {
  return plainText(query, true);
}

function stripLiterals(query: string): string {
  return plainText(query, false);
}
