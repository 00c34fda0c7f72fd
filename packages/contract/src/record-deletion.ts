/**
 * Deleting a record created by mistake (docs/product.md "Deleting and archiving"): a model, a company, a
 * contact or a folder that nothing refers to may be deleted by a member holding data_management at
 * manage; one that is referred to is refused with what refers to it, and can only be archived.
 */
import { z } from 'zod';
import { endpoint, json, requires } from './endpoint';
import { idParamsSchema } from './envelope';

/** What may refer to a record and keep it, with the words the refusal counts it in. */
export const RECORD_REFERENCE_UNITS = {
  orders: '个订单',
  packages: '个套餐',
  contacts: '个联系人',
  folders: '个资源夹',
  files: '个文件',
  /** A model's deductions (扣款), voided ones too: finance's records keep the model. */
  deductions: '笔扣款',
  /** A client company's receipts (voided ones too): finance's records keep the client. */
  receipts: '笔收款',
} as const;
export type RecordReference = keyof typeof RECORD_REFERENCE_UNITS;
/** How many of each refer to a record (kinds left out: none). */
export type RecordReferences = Partial<Record<RecordReference, number>>;

/** The records that can be deleted: how the refusal names them, and whether they can be archived instead. */
export const DELETABLE_RECORDS = {
  model: { noun: '该模特', archivable: true },
  company: { noun: '该公司', archivable: true },
  contact: { noun: '该联系人', archivable: true },
  folder: { noun: '该资源夹', archivable: false },
} as const;
export type DeletableRecord = keyof typeof DELETABLE_RECORDS;

/**
 * Why the record cannot be deleted, e.g. 该模特已有 3 个订单、1 个套餐，不能删除，可以归档; null when nothing
 * refers to it. The server refuses with it (409) and answers it to the page before the member tries.
 */
export function deletionRefusal(record: DeletableRecord, references: RecordReferences): string | null {
  const counted = (Object.keys(RECORD_REFERENCE_UNITS) as RecordReference[]).flatMap((kind) => {
    const count = references[kind] ?? 0;
    return count > 0 ? [`${count} ${RECORD_REFERENCE_UNITS[kind]}`] : [];
  });
  if (counted.length === 0) return null;
  const { noun, archivable } = DELETABLE_RECORDS[record];
  return `${noun}已有 ${counted.join('、')}，不能删除${archivable ? '，可以归档' : ''}`;
}

/** The refusal when the database's foreign keys find a reference the counts do not know of. */
export function referencedRefusal(record: DeletableRecord): string {
  const { noun, archivable } = DELETABLE_RECORDS[record];
  return `${noun}已被其他记录引用，不能删除${archivable ? '，可以归档' : ''}`;
}

/** GET …/{id}/deletion: whether the record can be deleted now, and why not (the server checks again). */
export const recordDeletionSchema = z.object({
  can: z.boolean(),
  reason: z.string().nullable(),
});
export type RecordDeletion = z.infer<typeof recordDeletionSchema>;

/** The answer of GET …/{id}/deletion for what refers to the record. */
export function recordDeletion(record: DeletableRecord, references: RecordReferences): RecordDeletion {
  const reason = deletionRefusal(record, references);
  return { can: reason === null, reason };
}

/** `GET /v1/models/:id/deletion`…: whether the record can be deleted, for the page's 删除 (manage). */
export const recordDeletionEndpoint = <const P extends string>(path: P, summary: string) =>
  endpoint({
    method: 'GET',
    path,
    summary,
    access: requires('data_management', 'manage'),
    params: idParamsSchema,
    answer: json(recordDeletionSchema),
  });

/** `DELETE /v1/models/:id`…: deletes a record nothing refers to (manage); otherwise 409 with the reason. */
export const recordDeleteEndpoint = <const P extends string>(path: P, summary: string) =>
  endpoint({
    method: 'DELETE',
    path,
    summary,
    access: requires('data_management', 'manage'),
    params: idParamsSchema,
    answer: json(z.null()),
  });
