import { describe, expect, it } from 'vitest';
import { CONSENT_KINDS, CONSENT_VERSIONS, withOrientationNiches } from './consents.ts';

describe('withOrientationNiches', () => {
  it('puts lesbian and bi women in niche 2 and gay and bi men in niche 7, keeping the other niches', () => {
    expect(withOrientationNiches([1, 4], 'female', 'lesbian')).toEqual([1, 2, 4]);
    expect(withOrientationNiches([1], 'female', 'bi')).toEqual([1, 2]);
    expect(withOrientationNiches([1, 3], 'male', 'gay')).toEqual([1, 3, 7]);
    expect(withOrientationNiches([1], 'male', 'hetero')).toEqual([1]);
  });

  it('takes a member without a processed orientation (null) out of every orientation niche', () => {
    expect(withOrientationNiches([1, 2, 6], 'female', null)).toEqual([1, 6]);
    expect(withOrientationNiches([1, 7], 'male', null)).toEqual([1]);
    // A change of gender moves the member out of the other gender's niche.
    expect(withOrientationNiches([1, 7], 'female', 'bi')).toEqual([1, 2]);
  });
});

describe('consent versions', () => {
  it('has a dated text version for every kind (compared as strings, so always YYYY-MM-DD)', () => {
    for (const kind of CONSENT_KINDS) expect(CONSENT_VERSIONS[kind]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
