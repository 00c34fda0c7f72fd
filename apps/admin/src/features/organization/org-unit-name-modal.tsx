import { orgUnitCreateSchema } from '@trackit/contract/organization.schema';
import { Button, Form, Input, Modal } from 'antd';
import { schemaRule } from '../../components/schema-rule';
import { textCount } from '../../components/text-count';

const nameRules = [schemaRule(orgUnitCreateSchema.shape.name)];

export interface OrgUnitNameModalProps {
  open: boolean;
  title: string;
  /** The current name when renaming. */
  initialName?: string;
  submitting: boolean;
  /** The name, trimmed as the server stores it. */
  onSubmit: (name: string) => void;
  onCancel: () => void;
  /** `department` gives department-name-input and department-name-submit. */
  testIdPrefix: string;
}

/** Names a new department or role, or renames one; checked with the schema the server uses. */
export function OrgUnitNameModal({
  open,
  title,
  initialName = '',
  submitting,
  onSubmit,
  onCancel,
  testIdPrefix,
}: OrgUnitNameModalProps) {
  return (
    <Modal open={open} title={title} footer={null} onCancel={onCancel} destroyOnHidden centered width={400}>
      <Form<{ name: string }>
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: initialName }}
        onFinish={({ name }) => onSubmit(orgUnitCreateSchema.shape.name.parse(name))}
      >
        <Form.Item name="name" label="名称" rules={nameRules}>
          <Input
            count={textCount(50)}
            autoFocus
            autoComplete="off"
            data-testid={`${testIdPrefix}-name-input`}
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={submitting}
            data-testid={`${testIdPrefix}-name-submit`}
          >
            保存
          </Button>
        </Form.Item>
      </Form>
    </Modal>
  );
}
