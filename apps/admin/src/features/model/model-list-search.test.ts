import { describe, expect, it } from 'vitest';
import { readListSearch, writeListSearch } from '../../components/list/list-search-params';
import { modelListSearchSchema, toModelListInput } from './model-list-search';

const read = (search: string) => readListSearch(modelListSearchSchema, new URLSearchParams(search));

describe('model list filters: address → API query', () => {
  it('sends range chips as the API’s min-max texts, open ends empty, in the ranges’ order', () => {
    const query = read(
      'height=174_179&height=under_168&weight=over_75&age=18_21&age=over_37&keyword=lxy&gender=female',
    );
    expect(toModelListInput(query)).toEqual({
      page: 1,
      per_page: 20,
      keyword: 'lxy',
      gender: 'female',
      height: ['-167', '174-179'],
      weight: ['76-'],
      age: ['18-21', '38-'],
    });
  });

  it('keeps the other filters as the contract reads them: sizes, cups, tags, city, status, manager, sort, page', () => {
    const query = read(
      'clothing_size=s&clothing_size=m&cup=B&tags=清新&tags=运动&city=上海&status=paused&manager_member_id=7&sort=-height&page=2',
    );
    expect(toModelListInput(query)).toEqual({
      page: 2,
      per_page: 20,
      clothing_size: ['s', 'm'],
      cup: ['B'],
      tags: ['清新', '运动'],
      city: '上海',
      status: 'paused',
      manager_member_id: 7,
      sort: '-height',
    });
  });

  it('drops what it does not know: an unknown chip, a bad size, a made-up status', () => {
    const query = read('height=150_160&height=180_186&clothing_size=huge&status=gone&weight=nope');
    expect(toModelListInput(query)).toEqual({ page: 1, per_page: 20, height: ['180-186'] });
  });

  it('writes chips back to the address by key, so the link reads as it was chosen', () => {
    const params = writeListSearch(modelListSearchSchema, {
      ...read(''),
      height: ['168_173', '187_192'],
      age: ['22_25'],
    });
    expect(params.getAll('height')).toEqual(['168_173', '187_192']);
    expect(params.getAll('age')).toEqual(['22_25']);
    expect(params.has('page')).toBe(false);
  });

  it('sends the plain list for an empty address', () => {
    expect(toModelListInput(read(''))).toEqual({ page: 1, per_page: 20 });
  });
});
