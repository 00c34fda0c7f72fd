import { type FolderCreate, folderCreateSchema } from '@trackit/contract/folder.schema';
import { Button, Form, Input, Select } from 'antd';
import { RecordForm } from '../../components/record-form';
import { schemaRule } from '../../components/schema-rule';
import { textCount } from '../../components/text-count';
import { FOLDER_KIND_OPTIONS } from './folder-kind';
import { FolderModelSelect } from './folder-model-select';

const nameRules = [schemaRule(folderCreateSchema.shape.name)];

export interface FolderFormProps {
  initialValues?: Partial<FolderCreate>;
  /** Offers the model the folder belongs to (creating only: a folder keeps its model). */
  withModel?: boolean;
  submitting: boolean;
  submitText: string;
  /** Called with values parsed by the contract schema (the name trimmed). */
  onSubmit: (values: FolderCreate) => void;
}

/** A folder's name, kind and (when creating) model, checked with the schema the server uses. */
export function FolderForm({ initialValues, withModel, submitting, submitText, onSubmit }: FolderFormProps) {
  return (
    <RecordForm<FolderCreate>
      layout="vertical"
      initialValues={{ kind: 'other', ...initialValues }}
      onFinish={(values) => onSubmit(folderCreateSchema.parse(values))}
      requiredMark={false}
    >
      <Form.Item name="name" label="名称" rules={nameRules}>
        <Input
          placeholder="例如：2025 春夏画册"
          count={textCount(50)}
          autoFocus
          autoComplete="off"
          data-testid="folder-name-input"
        />
      </Form.Item>
      <Form.Item name="kind" label="类型">
        <Select options={FOLDER_KIND_OPTIONS} data-testid="folder-kind-input" />
      </Form.Item>
      {withModel && (
        <Form.Item name="model_id" label="所属模特">
          <FolderModelSelect placeholder="不属于模特可不选" testId="folder-model-input" />
        </Form.Item>
      )}
      <Form.Item style={{ marginBottom: 0 }}>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={submitting}
          data-testid="folder-create-submit"
        >
          {submitText}
        </Button>
      </Form.Item>
    </RecordForm>
  );
}
