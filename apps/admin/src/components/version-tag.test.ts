// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isNewVersion, readVersionTag } from './version-tag';

describe('readVersionTag', () => {
  it('reads the version meta of a page', () => {
    const html = '<!doctype html><html><head><meta name="version" content="0.1.0-abc-2025"></head></html>';
    expect(readVersionTag(html)).toBe('0.1.0-abc-2025');
    expect(readVersionTag('<html><head><title>x</title></head></html>')).toBeUndefined();
  });
});

describe('isNewVersion', () => {
  it('announces a different tag once, never in development', () => {
    const announced = new Set<string>();
    expect(isNewVersion('v1', 'v1', announced)).toBe(false);
    expect(isNewVersion('v1', 'v2', announced)).toBe(true);
    announced.add('v2');
    expect(isNewVersion('v1', 'v2', announced)).toBe(false);
    expect(isNewVersion('v1', 'v3', announced)).toBe(true);
    expect(isNewVersion('dev', 'v2', new Set())).toBe(false);
    expect(isNewVersion('v1', undefined, new Set())).toBe(false);
  });
});
