import { describe, expect, test } from 'vitest';
import { tokenize } from '../../src/core/query/tokenize.js';
import { validateStatement } from '../../src/core/query/validate-statement.js';

const ok = (sql: string, tables = ['contact', 'Deal']) => validateStatement(sql, tables);
const refused = (sql: string, tables = ['contact', 'Deal']) => {
  try {
    validateStatement(sql, tables);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`not refused: ${sql}`);
};

describe('tokenize follows SQLite lexical rules', () => {
  test('comments vanish, strings and quoted identifiers keep their text', () => {
    const t = tokenize(`SELECT 'it''s' AS "a""b", [c d], \`e\` -- tail\n/* block */ FROM x`);
    expect(t.map((x) => [x.kind, x.text])).toEqual([
      ['word', 'SELECT'],
      ['string', "it's"],
      ['word', 'AS'],
      ['quoted', 'a"b'],
      ['punct', ','],
      ['quoted', 'c d'],
      ['punct', ','],
      ['quoted', 'e'],
      ['word', 'FROM'],
      ['word', 'x'],
    ]);
  });

  test('non-ASCII characters are identifier characters, as in SQLite (no Unicode whitespace)', () => {
    expect(tokenize('a\u00a0b').map((x) => x.text)).toEqual(['a\u00a0b']);
    expect(tokenize('ＳＥＬＥＣＴ').map((x) => x.kind)).toEqual(['word']);
  });

  test('an unterminated block comment runs to the end', () => {
    expect(tokenize('SELECT 1 /* ; DROP').map((x) => x.text)).toEqual(['SELECT', '1']);
  });

  test('multi-character operators are single tokens', () => {
    expect(tokenize("a->>'$.x' || b <> c").map((x) => x.text)).toEqual(['a', '->>', '$.x', '||', 'b', '<>', 'c']);
  });
});

describe('validateStatement', () => {
  test('reports the tables a statement reads', () => {
    expect(ok('SELECT * FROM fields f JOIN contact c ON c.name = f.name').tables.sort()).toEqual(['contact', 'fields']);
    expect(ok('SELECT * FROM DEAL').tables).toEqual(['deal']);
  });

  test.each([
    'SELECT 1',
    'select * from contact;',
    'SELECT * FROM contact -- trailing comment',
    'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3) SELECT x FROM n',
    'WITH a AS (SELECT 1), b(y) AS MATERIALIZED (SELECT 2) SELECT * FROM a, b',
    'SELECT * FROM contact a, contact b WHERE a.name = b.name',
    'SELECT * FROM contact LEFT OUTER JOIN Deal USING (name)',
    'SELECT * FROM contact JOIN fields ON fields.object = \'contact\', Deal',
    'SELECT j.value FROM contact, json_each(contact.tags) AS j',
    'SELECT * FROM json_tree(\'{"a":[1,2]}\')',
    'SELECT (SELECT count(*) FROM contact) AS n, name FROM contact ORDER BY name, 1 LIMIT 5 OFFSET 1',
    'SELECT name FROM contact WHERE name IN (SELECT name FROM Deal) UNION SELECT name FROM fields',
    'SELECT name FROM contact WHERE name IN contact',
    'SELECT CASE WHEN 1 THEN 2 END FROM contact',
    'SELECT 1 IS NOT DISTINCT FROM 2',
    'SELECT replace(name, \'a\', \'b\') FROM contact',
    'SELECT * FROM (SELECT * FROM contact) AS sub',
    'SELECT * FROM (contact JOIN Deal ON 1)',
    'SELECT "update", "pragma" FROM contact',
    "SELECT 'sqlite_master', 'ATTACH' FROM contact",
    'SELECT count(*) OVER (PARTITION BY name) FROM contact',
  ])('allows %s', (sql) => {
    expect(() => ok(sql)).not.toThrow();
  });

  test.each([
    ['', /empty/],
    ['  -- only a comment', /empty/],
    ['SELECT 1; SELECT 2', /one statement/],
    ['SELECT 1;;', /one statement/],
    ['VALUES (1)', /begin with SELECT or WITH/],
    ['(SELECT 1)', /begin with SELECT or WITH/],
    ['EXPLAIN SELECT 1', /begin with SELECT or WITH/],
    ['SELECT * FROM other', /SELECT \* FROM fields/],
    ['SELECT * FROM contact, other', /SELECT \* FROM fields/],
    ['SELECT * FROM contact JOIN fields ON 1, other', /SELECT \* FROM fields/],
    ['SELECT * FROM (contact, other)', /SELECT \* FROM fields/],
    ['SELECT 1 WHERE 1 IN other', /SELECT \* FROM fields/],
    ['SELECT * FROM main.contact', /schema-qualified/],
    ['SELECT * FROM "main"."contact"', /schema-qualified/],
    ['SELECT * FROM pragma_table_list', /internal/],
    ['SELECT * FROM json_each AS j, pragma_table_list()', /internal/],
    ['SELECT * FROM sqlite_stat1', /internal/],
    ['SELECT * FROM "SQLITE_MASTER"', /internal/],
    ['SELECT * FROM fts5vocab(\'x\', \'row\')', /only json_each and json_tree/],
    ['SELECT load_extension(\'x\')', /not allowed/],
    ['SELECT `load_extension`(\'x\')', /not allowed/],
    ['SELECT x FROM contact WHERE x = ?', /parameters/],
    ['SELECT x FROM contact WHERE x = $v', /parameters/],
    ['WITH a AS (SELECT 1) DELETE FROM contact', /DELETE is not allowed/],
    ["SELECT 'a", /Unterminated/],
    ['SELECT "a', /Unterminated/],
    ['SELECT [a', /Unterminated/],
    ['SELECT 1\u0000; DROP TABLE contact', /NUL/],
  ])('refuses %j', (sql, reason) => {
    expect(refused(sql)).toMatch(reason);
  });

  test('object table names match case-insensitively on ASCII only, as SQLite does', () => {
    expect(() => ok('SELECT * FROM CONTACT')).not.toThrow();
    expect(refused('SELECT * FROM ｃontact')).toMatch(/SELECT \* FROM fields/);
  });

  test('statements over the length cap are refused', () => {
    expect(refused(`SELECT ${'1+'.repeat(20_000)}1`)).toMatch(/longer than/);
  });
});
