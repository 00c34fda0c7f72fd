import { type FolderCreate, folderCreateSchema } from '@trackit/contract/folder.schema';
import { Button, Form, Input } from 'antd';
import { schemaRule } from '../../components/schema-rule';
import { textCount } from '../../components/text-count';

const nameRules = [schemaRule(folderCreateSchema.shape.name)];

export interface FolderFormProps {
  initialValues?: Partial<FolderCreate>;
  submitting: boolean;
  submitText: string;
  /** Called with values parsed by the contract schema (the name trimmed). */
  onSubmit: (values: FolderCreate) => void;
}

/** A folder's name, checked with the schema the server uses (one form for create and, later, rename). */
export function FolderForm({ initialValues, submitting, submitText, onSubmit }: FolderFormProps) {
  return (
    <Form<{ name: string }>
      layout="vertical"
      initialValues={initialValues}
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
    </Form>
  );
}
