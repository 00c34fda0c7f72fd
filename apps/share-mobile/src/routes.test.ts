import { describe, expect, it } from 'vitest';
import { matchRoute, paths } from './routes';

const ID = 'AbCdEfGhIjKlMnOpQrStUvWx';

describe('matchRoute: the addresses below /h5', () => {
  it('knows the five pages', () => {
    expect(matchRoute(`/s/${ID}`)).toEqual({ page: 'package', shareId: ID });
    expect(matchRoute(`/s/${ID}/`)).toEqual({ page: 'package', shareId: ID });
    expect(matchRoute(`/s/${ID}/42`)).toEqual({ page: 'model', shareId: ID, modelId: 42 });
    expect(matchRoute(`/photo/${ID}/42`)).toEqual({ page: 'photos', shareId: ID, modelId: 42 });
    expect(matchRoute(`/files/${ID}/42`)).toEqual({ page: 'files', shareId: ID, modelId: 42 });
    expect(matchRoute(`/f/${ID}`)).toEqual({ page: 'folder', shareId: ID });
  });

  it('takes anything else, and ids that cannot be ones, as not found', () => {
    for (const path of [
      '/',
      '/s',
      `/s/${ID}/0`,
      `/s/${ID}/abc`,
      `/s/${ID}/1/2`,
      '/s/short',
      `/x/${ID}`,
      `/f/${ID}/1`,
    ]) {
      expect(matchRoute(path)).toEqual({ page: 'notFound' });
    }
  });

  it('builds the addresses it matches', () => {
    expect(matchRoute(paths.model(ID, 7))).toEqual({ page: 'model', shareId: ID, modelId: 7 });
    expect(paths.photos(ID, 7)).toBe(`/photo/${ID}/7`);
    expect(paths.photos(ID, 7, 3)).toBe(`/photo/${ID}/7?i=3`);
  });
});
