import { useQuery } from '@tanstack/react-query';
import { businessDate } from '@trackit/contract/business-time';
import { App, Button, Drawer, Form } from 'antd';
import dayjs from 'dayjs';
import { QueryState } from '../../components/query-state';
import { teamRecipientOptionsQuery } from '../team-recipient/team-recipient.queries';
import { ReceiptFields, type ReceiptFieldValues, receiptCreateBody } from './receipt-fields';
import { useCreateReceipt } from './receipts.queries';

/**
 * 登记收款 on the receipts page: money not tied to an order yet (date not after today, amount, payer, 流水号,
 * the receiving entity, the team's default one first, notes). `onCreated` gets the new receipt's id, which
 * the page opens to allocate it.
 */
export function ReceiptCreateDrawer({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ReceiptFieldValues>();
  const create = useCreateReceipt();
  // The form waits for the entities, so the default one is its initial value.
  const entities = useQuery(teamRecipientOptionsQuery);
  return (
    <Drawer
      open
      size={560}
      title="登记收款"
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button
          type="primary"
          loading={create.isPending}
          onClick={() => form.submit()}
          data-testid="receipt-create-submit"
        >
          登记
        </Button>
      }
    >
      <QueryState query={entities} loading={{ rows: 6 }}>
        {(page) => (
          <Form<ReceiptFieldValues>
            form={form}
            layout="vertical"
            data-testid="receipt-create-form"
            disabled={create.isPending}
            initialValues={{
              received_on: dayjs(businessDate(new Date())),
              amount: null,
              payer_name: '',
              team_recipient_id: (page.data.find((entity) => entity.is_default) ?? page.data[0])?.id,
            }}
            onFinish={(values) =>
              create.mutate(receiptCreateBody(values), {
                onSuccess: (receipt) => {
                  void message.success('已登记收款');
                  onCreated(receipt.id);
                },
              })
            }
          >
            <ReceiptFields />
          </Form>
        )}
      </QueryState>
    </Drawer>
  );
}
