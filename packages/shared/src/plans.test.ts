import { describe, expect, it } from 'vitest';
import { PLANS, usesFreeTrial } from './plans';

describe('usesFreeTrial', () => {
  it('is the free plan only: every other plan uploads against its monthly quota', () => {
    expect(PLANS.filter(usesFreeTrial)).toEqual(['free']);
  });
});
