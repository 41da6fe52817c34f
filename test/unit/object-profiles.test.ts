import { describe, expect, test } from 'vitest';
import { typeOfValue, widenType } from '../../src/core/objects/field-types.js';
import { planProfileUpdate } from '../../src/core/objects/profile-update.js';
import { recordFields } from '../../src/core/objects/record-fields.js';
import { objectTables } from '../../src/core/query/sandbox-build.js';
import type { ObjectProfileRecord } from '../../src/store/types.js';

const profile = (p: Partial<ObjectProfileRecord>): ObjectProfileRecord => ({
  id: 'p',
  object: 'contact',
  source: 's',
  mode: 'accreted',
  keyField: null,
  seen: 1,
  createdAt: 0,
  fields: [],
  ...p,
});

describe('typeOfValue', () => {
  test.each([
    [1, 'integer'],
    [-3, 'integer'],
    [1.5, 'number'],
    [true, 'boolean'],
    ['2024-05-01', 'date'],
    ['2024-05-01T10:00:00Z', 'date'],
    ['2024-05-01 10:00:00+02:00', 'date'],
    ['2024-13-45', 'text'],
    ['hello', 'text'],
    [{ a: 1 }, 'json'],
    [[1, 2], 'json'],
    [null, null],
  ])('%j is %s', (v, t) => {
    expect(typeOfValue(v)).toBe(t);
  });
});

describe('widenType', () => {
  test.each([
    [undefined, 'integer', 'integer'],
    ['integer', 'integer', 'integer'],
    ['integer', 'number', 'number'],
    ['number', 'integer', 'number'],
    ['date', 'text', 'text'],
    ['text', 'date', 'text'],
    ['boolean', 'integer', 'mixed'],
    ['json', 'text', 'mixed'],
    ['mixed', 'integer', 'mixed'],
  ] as const)('%s + %s = %s', (a, b, c) => {
    expect(widenType(a, b)).toBe(c);
  });
});

describe('planProfileUpdate', () => {
  test('accreted: every non-null field, widened against the profile, first spelling kept', () => {
    const plan = planProfileUpdate('contact', 's', [profile({ fields: [{ name: 'Age', type: 'integer', present: 1 }] })], { age: 2.5, name: 'x', gone: null });
    expect(plan.update.fields).toEqual([
      { name: 'Age', type: 'number' },
      { name: 'name', type: 'text' },
    ]);
    expect(plan.unknownFields).toBeUndefined();
  });

  test('declared: only declared fields with declared types; other keys are unknownFields', () => {
    const declared = profile({ mode: 'declared', fields: [{ name: 'title', type: 'text', present: 0 }] });
    const plan = planProfileUpdate('contact', 's', [declared], { Title: 5, extra: 1, more: null });
    expect(plan.update.fields).toEqual([{ name: 'title', type: 'text' }]);
    expect(plan.unknownFields).toEqual(['extra', 'more']);
  });

  test('the union of columns across sources is capped', () => {
    const many = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`f${i}`, { name: `f${i}`, type: 'text', present: 1 }]));
    const other = profile({ source: 'other', fields: Object.values(many) as ObjectProfileRecord['fields'] });
    const values = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`g${i}`, 1]));
    // 300 columns from another source + 200 new ones = 500: still fits; one more column does not.
    expect(() => planProfileUpdate('contact', 's', [other], values)).not.toThrow();
    expect(() => planProfileUpdate('contact', 's', [other, profile({ fields: [{ name: 'zz', type: 'text', present: 1 }] })], values)).toThrow(/at most 500/);
  });
});

describe('recordFields', () => {
  test('content keys unless fields are given', () => {
    expect(recordFields({ a: 1 }, undefined)).toEqual({ a: 1 });
    expect(recordFields({ a: 1 }, { b: 2 })).toEqual({ b: 2 });
  });

  test('a record without any non-null value is refused', () => {
    expect(() => recordFields('text', undefined)).toThrow(/at least one non-null field/);
    expect(() => recordFields({ a: null }, undefined)).toThrow(/at least one non-null field/);
    expect(() => recordFields({ a: 1 }, {})).toThrow(/at least one non-null field/);
  });

  test('refuses more than 200 fields', () => {
    expect(() => recordFields(Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, i])), undefined)).toThrow(/at most 200/);
  });
});

describe('objectTables', () => {
  test('one table per object (case-insensitive), the union of columns, declared sources restricted', () => {
    const t = objectTables([
      profile({ object: 'Contact', source: 'a', fields: [{ name: 'Name', type: 'text', present: 1 }] }),
      profile({ object: 'contact', source: 'b', mode: 'declared', fields: [{ name: 'name', type: 'text', present: 1 }, { name: 'city', type: 'text', present: 0 }] }),
    ]);
    expect(t).toHaveLength(1);
    expect(t[0].name).toBe('Contact');
    expect([...t[0].columns.values()]).toEqual(['Name', 'city']);
    expect([...t[0].declared.get('b')!]).toEqual(['name', 'city']);
  });
});
