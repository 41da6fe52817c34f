import { BadRequest } from '../errors.js';
import { foldAscii, tokenize, TokenizeError, type Token } from './tokenize.js';

export const MAX_SQL_LENGTH = 20_000;
export const TABLE_FUNCTIONS = ['json_each', 'json_tree'];

// Statements and clauses that write, change schema, or reach outside the container (spec § svc_query rule 2).
const FORBIDDEN_KEYWORDS = new Set([
  'pragma', 'attach', 'detach', 'insert', 'update', 'delete', 'create', 'drop', 'alter', 'vacuum', 'reindex',
  'analyze', 'begin', 'commit', 'rollback', 'savepoint', 'release', 'returning', 'into',
]);
// Functions that load code, touch files or reconfigure the database; refused however they are spelled.
const FORBIDDEN_FUNCTIONS = new Set(['load_extension', 'fts3_tokenizer', 'readfile', 'writefile', 'edit', 'fsdir', 'zipfile', 'sqlar_compress', 'sqlar_uncompress']);
// Where a FROM list ends and the next clause begins.
// ON/USING do not end it: a comma after a join constraint starts the next table reference.
const CLAUSE_END = new Set(['where', 'group', 'having', 'order', 'limit', 'window', 'union', 'intersect', 'except']);

const refuse = (reason: string): never => {
  throw new BadRequest(`Query refused: ${reason}`);
};

const isName = (t: Token | undefined): t is Token => t !== undefined && (t.kind === 'word' || t.kind === 'quoted');
const isWord = (t: Token | undefined, ...words: string[]): boolean => t?.kind === 'word' && words.includes(foldAscii(t.text));
const isPunct = (t: Token | undefined, p: string): boolean => t?.kind === 'punct' && t.text === p;

/** Names no statement may mention: SQLite's own catalog and statistics tables, and table-valued pragmas. */
function internalName(name: string): boolean {
  const n = foldAscii(name);
  return n.startsWith('sqlite_') || n.startsWith('pragma_') || n === 'dbstat' || n === 'sqlite_dbpage';
}

export interface StatementCheck {
  /** Names the statement reads from (catalog, object tables, CTEs), folded to lower case. */
  tables: string[];
}

/**
 * The first line of the sandbox (spec § svc_query rules 1-4): one statement, starting with SELECT or
 * WITH, nothing that writes or reaches outside, FROM/JOIN only over `fields`, the container's object
 * tables and the statement's own CTEs, and only json_each/json_tree as table-valued functions. The
 * second line is the sandbox database itself (only object data, opened read-only in its own process).
 */
export function validateStatement(sql: string, objectTables: string[]): StatementCheck {
  if (sql.length > MAX_SQL_LENGTH) refuse(`the statement is longer than ${MAX_SQL_LENGTH} characters`);
  // SQLite stops reading at a NUL; nothing after one may hide from either reader.
  if (sql.includes('\u0000')) refuse('the statement contains a NUL character');
  let tokens: Token[];
  try {
    tokens = tokenize(sql);
  } catch (err) {
    if (err instanceof TokenizeError) return refuse(err.message);
    throw err;
  }
  // One statement: a single trailing semicolon (comments after it are fine) and nothing else.
  const semi = tokens.findIndex((t) => isPunct(t, ';'));
  if (semi !== -1) {
    if (semi !== tokens.length - 1) refuse('only one statement per call is allowed (a second statement follows a semicolon)');
    tokens = tokens.slice(0, semi);
  }
  if (tokens.length === 0) refuse('the statement is empty');
  if (!isWord(tokens[0], 'select', 'with')) refuse(`the statement must begin with SELECT or WITH, not "${tokens[0].text.slice(0, 40)}"`);

  const allowed = new Set(['fields', ...objectTables.map(foldAscii)]);
  const ctes = collectCteNames(tokens);
  for (const cte of ctes) if (internalName(cte)) refuse(`"${cte}" cannot be used as a CTE name`);
  const read = new Set<string>();

  const checkTable = (i: number): void => {
    const t = tokens[i];
    if (isPunct(t, '(')) {
      // A subquery's own FROM is checked where it occurs; a parenthesized join list is a FROM list itself.
      if (!isWord(tokens[i + 1], 'select', 'with', 'values')) checkFromList(i + 1);
      return;
    }
    if (!isName(t)) refuse(`expected a table name after FROM/JOIN near offset ${tokens[i]?.at ?? sql.length}`);
    const name = foldAscii(t.text);
    if (internalName(name)) refuse(`"${t.text}" is internal to the database and not queryable; run SELECT * FROM fields to see the tables`);
    if (isPunct(tokens[i + 1], '.')) refuse(`schema-qualified names ("${t.text}.${tokens[i + 2]?.text ?? ''}") are not allowed; name the table alone`);
    if (TABLE_FUNCTIONS.includes(name)) return;
    if (isPunct(tokens[i + 1], '(')) refuse(`"${t.text}" is not a callable table-valued function; only json_each and json_tree are`);
    if (!allowed.has(name) && !ctes.has(name)) {
      refuse(`no table "${t.text}" here: FROM and JOIN may name the fields catalog, an object table or a CTE of this statement; run SELECT * FROM fields to see the tables`);
    }
    read.add(name);
  };

  // A FROM list: table references separated by commas, up to the clause that follows it.
  const checkFromList = (start: number): void => {
    let i = start;
    checkTable(i);
    let depth = 0;
    for (i++; i < tokens.length; i++) {
      const t = tokens[i];
      if (isPunct(t, '(')) depth++;
      else if (isPunct(t, ')')) {
        if (depth === 0) return;
        depth--;
      } else if (depth === 0 && isPunct(t, ',')) checkTable(i + 1);
      else if (depth === 0 && t.kind === 'word' && CLAUSE_END.has(foldAscii(t.text))) return;
    }
  };

  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (t.kind === 'variable') refuse(`parameters such as "${t.text}" are not supported; write values into the statement`);
    if (t.kind === 'word' && FORBIDDEN_KEYWORDS.has(foldAscii(t.text))) refuse(`${t.text.toUpperCase()} is not allowed: svc_query runs read-only SELECT statements (a column of that name must be quoted: "${t.text}")`);
    if (t.kind === 'word' && foldAscii(t.text) === 'replace' && !isPunct(next, '(')) refuse('REPLACE statements are not allowed');
    if (isName(t) && internalName(t.text)) refuse(`"${t.text}" is internal to the database and not queryable`);
    if (isName(t) && isPunct(next, '(') && FORBIDDEN_FUNCTIONS.has(foldAscii(t.text))) refuse(`the function ${t.text}() is not allowed`);
    // `a IS [NOT] DISTINCT FROM b` compares values; every other FROM/JOIN opens a list of tables.
    if (isWord(t, 'join') || (isWord(t, 'from') && !isWord(tokens[i - 1], 'distinct'))) checkFromList(i + 1);
    // `x IN table` and `x IN tablefunc(...)` read a table without FROM.
    if (isWord(t, 'in') && isName(next)) checkTable(i + 1);
  });
  return { tables: [...read] };
}

/** Names defined by every WITH clause of the statement (nested ones included). */
function collectCteNames(tokens: Token[]): Set<string> {
  const names = new Set<string>();
  tokens.forEach((t, i) => {
    if (!isWord(t, 'with')) return;
    let j = i + 1;
    if (isWord(tokens[j], 'recursive')) j++;
    for (;;) {
      const name = tokens[j];
      if (!isName(name)) return;
      names.add(foldAscii(name.text));
      j++;
      if (isPunct(tokens[j], '(')) j = skipParens(tokens, j);
      if (!isWord(tokens[j], 'as')) return;
      j++;
      if (isWord(tokens[j], 'not')) j++;
      if (isWord(tokens[j], 'materialized')) j++;
      if (!isPunct(tokens[j], '(')) return;
      j = skipParens(tokens, j);
      if (!isPunct(tokens[j], ',')) return;
      j++;
    }
  });
  return names;
}

/** Index just past the parenthesis that closes the one at `open`. */
function skipParens(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (isPunct(tokens[i], '(')) depth++;
    else if (isPunct(tokens[i], ')') && --depth === 0) return i + 1;
  }
  return tokens.length;
}
