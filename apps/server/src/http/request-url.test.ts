import { describe, expect, it } from 'vitest';
import { literalWhenUndecodable } from './request-url';

describe('literalWhenUndecodable', () => {
  it('leaves an address that decodes as it is', () => {
    for (const url of ['/h5/s/abc', '/h5/s/%E4%B8%AD?i=2', '/admin/login?next=%2Fadmin', '/a?q=%E4']) {
      expect(literalWhenUndecodable(url)).toBe(url);
    }
  });

  it('reads a path that does not decode literally, keeping its query', () => {
    expect(literalWhenUndecodable('/h5/f/%E4%B8')).toBe('/h5/f/%25E4%25B8');
    expect(literalWhenUndecodable('/h5/s/%ZZ%41?i=%E4')).toBe('/h5/s/%25ZZ%2541?i=%E4');
    // UTF-8 of a lone surrogate is no character either.
    expect(literalWhenUndecodable('/v1/x/%ED%A0%80')).toBe('/v1/x/%25ED%25A0%2580');
  });
});
