import { describe, expect, it } from 'vitest';
import { deletionRefusal, recordDeletion, referencedRefusal } from './record-deletion';

describe('deleting a record created by mistake', () => {
  it('says what refers to the record, in a fixed order, and offers archiving where there is one', () => {
    expect(deletionRefusal('model', { packages: 1, orders: 3, folders: 0 })).toBe(
      '该模特已有 3 个订单、1 个套餐，不能删除，可以归档',
    );
    expect(deletionRefusal('company', { contacts: 2, orders: 0, packages: 0 })).toBe(
      '该公司已有 2 个联系人，不能删除，可以归档',
    );
    expect(deletionRefusal('folder', { files: 12 })).toBe('该资源夹已有 12 个文件，不能删除');
    expect(referencedRefusal('contact')).toBe('该联系人已被其他记录引用，不能删除，可以归档');
  });

  it('allows the deletion when nothing refers to the record', () => {
    expect(deletionRefusal('contact', { orders: 0, packages: 0 })).toBeNull();
    expect(recordDeletion('model', {})).toEqual({ can: true, reason: null });
    expect(recordDeletion('folder', { files: 1 })).toEqual({
      can: false,
      reason: '该资源夹已有 1 个文件，不能删除',
    });
  });
});
