import { shareEndpoints } from '@trackit/contract/share.endpoints';
import { describe, expect, it } from 'vitest';
import { publicEndpoints } from './public-endpoints';

describe('publicEndpoints: the share endpoints without their schemas', () => {
  it("has the contract's method and path for every share endpoint, and nothing else", () => {
    expect(Object.keys(publicEndpoints).sort()).toEqual(Object.keys(shareEndpoints).sort());
    for (const [name, spec] of Object.entries(shareEndpoints)) {
      const light = publicEndpoints[name as keyof typeof shareEndpoints];
      expect({
        method: light.method,
        path: light.path,
        access: light.access,
        answer: light.answer.kind,
      }).toEqual({
        method: spec.method,
        path: spec.path,
        access: spec.access,
        answer: spec.answer.kind,
      });
    }
  });
});
