import { describe, expect, it } from 'vitest';
import { edgeTypeMatcher } from '../../src/core/graph/relationships.js';

describe('edge type filter (spec § svc_navigate)', () => {
  it('matches everything without a filter', () => {
    expect(edgeTypeMatcher(undefined)('anything')).toBe(true);
  });
  it('matches a family by a prefix ending in ":"', () => {
    const m = edgeTypeMatcher(['crm_assoc:']);
    expect(m('crm_assoc:company')).toBe(true);
    expect(m('crm_assoc')).toBe(false);
    expect(m('mentions')).toBe(false);
  });
  it('has no other wildcard: a term matches exactly', () => {
    const m = edgeTypeMatcher(['contradicts']);
    expect(m('contradicts')).toBe(true);
    expect(m('contradicts_v2')).toBe(false);
    expect(edgeTypeMatcher(['contra'])('contradicts')).toBe(false);
  });
  it('an unknown type matches nothing', () => {
    expect(edgeTypeMatcher(['nope'])('supersedes')).toBe(false);
  });
});
