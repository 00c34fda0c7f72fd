import { useQuery } from '@tanstack/react-query';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import { App, Button, Drawer, Flex, Form } from 'antd';
import { QueryState } from '../../components/query-state';
import { teamRecipientQuery, useCreateTeamRecipient, useUpdateTeamRecipient } from './team-recipient.queries';
import {
  TeamRecipientForm,
  type TeamRecipientFormValues,
  teamRecipientCreateBody,
  teamRecipientUpdateBody,
} from './team-recipient-form';

const DRAWER_WIDTH = 760;

interface EditorProps {
  entity?: TeamRecipient;
  manage: boolean;
  onClose: () => void;
}

/** The form with its buttons: 创建 for a new entity, 保存 for a stored one (only what the caller may change). */
function TeamRecipientEditor({ entity, manage, onClose }: EditorProps) {
  const [form] = Form.useForm<TeamRecipientFormValues>();
  const { message } = App.useApp();
  const create = useCreateTeamRecipient();
  const update = useUpdateTeamRecipient(entity?.id ?? 0);
  const submitting = create.isPending || update.isPending;
  const finish = (values: TeamRecipientFormValues) => {
    const done = () => {
      void message.success(entity ? '保存成功' : '创建成功');
      onClose();
    };
    if (entity) update.mutate(teamRecipientUpdateBody(values, manage), { onSuccess: done });
    else create.mutate(teamRecipientCreateBody(values, manage), { onSuccess: done });
  };
  return (
    <Flex vertical gap={8}>
      <TeamRecipientForm form={form} entity={entity} manage={manage} onFinish={finish} />
      <Flex gap={12} justify="flex-end">
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" loading={submitting} onClick={form.submit} data-testid="team-recipient-submit">
          {entity ? '保存' : '创建'}
        </Button>
      </Flex>
    </Flex>
  );
}

export interface TeamRecipientDrawerProps {
  /** The entity to edit, or `new`. */
  target: number | 'new';
  /** The caller's `team_recipient` manage (a new entity's default); a stored one answers its own `can`. */
  manage: boolean;
  onClose: () => void;
}

/** The entity's form in a drawer: a stored one waits for its record (QueryState), a new one starts empty. */
export function TeamRecipientDrawer({ target, manage, onClose }: TeamRecipientDrawerProps) {
  const entity = useQuery({
    ...teamRecipientQuery(target === 'new' ? 0 : target),
    enabled: target !== 'new',
  });
  return (
    <Drawer
      open
      onClose={onClose}
      size={DRAWER_WIDTH}
      title={
        target === 'new' ? '新建收款主体' : `编辑收款主体${entity.data ? ` · ${entity.data.short_name}` : ''}`
      }
      destroyOnHidden
      data-testid="team-recipient-drawer"
    >
      {target === 'new' ? (
        <TeamRecipientEditor manage={manage} onClose={onClose} />
      ) : (
        <QueryState query={entity} loading={{ rows: 8 }}>
          {(data) => (
            <TeamRecipientEditor key={data.id} entity={data} manage={data.can.manage} onClose={onClose} />
          )}
        </QueryState>
      )}
    </Drawer>
  );
}
