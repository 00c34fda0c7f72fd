/**
 * The package editor's values and the request bodies made of them: one form for creating and changing a
 * package, checked and shaped by the contract's schemas.
 */
import type { Model } from '@trackit/contract/model.schema';
import {
  PACKAGE_MESSAGES,
  type Package,
  type PackageCreate,
  type PackageUpdate,
  packageCreateSchema,
  packageUpdateSchema,
} from '@trackit/contract/package.schema';
import {
  DEFAULT_SHARE_FIELDS,
  PACKAGE_DEFAULT_EXPIRY_DAYS,
  PACKAGE_MAX_EXPIRY_DAYS,
  SHARE_FIELDS,
  type ShareField,
} from '@trackit/contract/share';
import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** A model of the package as the editor shows it: who, and what of them the client sees. */
export interface PackageModelDraft {
  model_id: number;
  name: string;
  english_name: string | null;
  cover_thumb_url: string | null;
  /** Both empty: the model's folders but 其他, as they are when the client opens the link. */
  folder_ids: number[];
  file_ids: number[];
}

export interface PackageEditorValues {
  title: string;
  message: string;
  company_id: number | null;
  contact_id: number | null;
  expires_at: Dayjs | null;
  fields: ShareField[];
  models: PackageModelDraft[];
}

/** A model picked in the model pages, as a new row of the editor (the default folders). */
export const modelDraftOf = (
  model: Pick<Model, 'id' | 'name' | 'english_name' | 'cover_thumb_url'>,
): PackageModelDraft => ({
  model_id: model.id,
  name: model.name,
  english_name: model.english_name,
  cover_thumb_url: model.cover_thumb_url,
  folder_ids: [],
  file_ids: [],
});

/** `days` from now, to the minute (what the 7 / 30 / 90 天 buttons set). */
export const expiryAfter = (days: number, from: Dayjs = dayjs()): Dayjs =>
  from.add(days, 'day').second(0).millisecond(0);

/** The editor's values: a stored package's (edit), or a new one of `models` open for the default time. */
export const packageEditorValues = (
  pkg: Package | undefined,
  models: readonly PackageModelDraft[] = [],
): PackageEditorValues =>
  pkg
    ? {
        title: pkg.title,
        message: pkg.message,
        company_id: pkg.company_id,
        contact_id: pkg.contact_id,
        expires_at: dayjs(pkg.expires_at),
        fields: SHARE_FIELDS.filter((field) => pkg.fields.includes(field)),
        models: pkg.models.map((model) => ({
          model_id: model.model_id,
          name: model.name,
          english_name: model.english_name,
          cover_thumb_url: model.cover_thumb_url,
          folder_ids: [...model.folder_ids],
          file_ids: [...model.file_ids],
        })),
      }
    : {
        title: '',
        message: '',
        company_id: null,
        contact_id: null,
        expires_at: expiryAfter(PACKAGE_DEFAULT_EXPIRY_DAYS),
        fields: [...DEFAULT_SHARE_FIELDS],
        models: [...models],
      };

/** The models as the API takes them, in the editor's order. */
const modelsBody = (models: readonly PackageModelDraft[]) =>
  models.map(({ model_id, folder_ids, file_ids }) => ({ model_id, folder_ids, file_ids }));

/** POST /v1/packages of the editor's values, parsed by the contract schema (texts trimmed). */
export const packageCreateBody = (values: PackageEditorValues): PackageCreate =>
  packageCreateSchema.parse({
    title: values.title,
    message: values.message ?? '',
    company_id: values.company_id ?? null,
    contact_id: values.contact_id ?? null,
    ...(values.expires_at ? { expires_at: values.expires_at.toISOString() } : {}),
    fields: SHARE_FIELDS.filter((field) => values.fields.includes(field)),
    models: modelsBody(values.models),
  });

const sameList = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * PATCH /v1/packages/{id} of the editor's values: only what differs from the package, so an expired
 * package's expiry left as it was is not sent (and refused as past). Empty when nothing changed.
 */
export const packageUpdateBody = (values: PackageEditorValues, pkg: Package): PackageUpdate => {
  const next = packageCreateBody({ ...values, expires_at: null });
  const fieldsBefore = SHARE_FIELDS.filter((field) => pkg.fields.includes(field));
  const changed = {
    ...(next.title !== pkg.title ? { title: next.title } : {}),
    ...(next.message !== pkg.message ? { message: next.message } : {}),
    ...((next.company_id ?? null) !== pkg.company_id ? { company_id: next.company_id ?? null } : {}),
    ...((next.contact_id ?? null) !== pkg.contact_id ? { contact_id: next.contact_id ?? null } : {}),
    ...(values.expires_at && !values.expires_at.isSame(dayjs(pkg.expires_at))
      ? { expires_at: values.expires_at.toISOString() }
      : {}),
    ...(!sameList(next.fields ?? [], fieldsBefore) ? { fields: next.fields } : {}),
    ...(!sameList(next.models, modelsBody(pkg.models)) ? { models: next.models } : {}),
  };
  return packageUpdateSchema.parse(changed);
};

/**
 * The expiry's rule: later than now and at most PACKAGE_MAX_EXPIRY_DAYS ahead, in the server's words. A
 * package's stored expiry left unchanged is fine (editing an expired package's title keeps it expired).
 */
export const expiryRule = (stored?: string): FormRule => ({
  validator: async (_rule, value: Dayjs | null | undefined) => {
    if (!value) throw new Error('*请选择有效期');
    if (stored && value.isSame(dayjs(stored))) return;
    const now = dayjs();
    if (!value.isAfter(now)) throw new Error(PACKAGE_MESSAGES.expiryInPast);
    if (value.isAfter(now.add(PACKAGE_MAX_EXPIRY_DAYS, 'day')))
      throw new Error(PACKAGE_MESSAGES.expiryTooFar);
  },
});

/** Whether a day can be picked for the expiry: from today to the furthest allowed. */
export const isExpiryDayDisabled = (day: Dayjs): boolean =>
  day.isBefore(dayjs(), 'day') || day.isAfter(dayjs().add(PACKAGE_MAX_EXPIRY_DAYS, 'day'), 'day');
