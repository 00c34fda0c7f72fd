import { App, Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useUndoAllocation } from './receipts.queries';

/**
 * An allocation's state in a table of allocations (财务详情, a receipt's drawer): 已撤销 with its date, 转入发票
 * (a line's payment moved onto its invoice when issued), or 有效 with 撤销核销 (after confirmation) for a
 * member who may undo it.
 */
export function AllocationState({
  id,
  undoneOn,
  movedTo = null,
  canUndo,
}: {
  id: number;
  /** The business date it was undone; null while it counts. */
  undoneOn: string | null;
  /** The number of the invoice it moved onto when that was issued; null when it did not move. */
  movedTo?: string | null;
  canUndo: boolean;
}) {
  const { message } = App.useApp();
  const undo = useUndoAllocation();
  if (undoneOn !== null && movedTo !== null)
    return (
      <Typography.Text type="secondary">
        {undoneOn} 开票后转入发票 {movedTo}
      </Typography.Text>
    );
  if (undoneOn !== null) return <Typography.Text type="secondary">已撤销 {undoneOn}</Typography.Text>;
  return (
    <Flex gap={8} align="center">
      <Tag color="success">有效</Tag>
      {canUndo && (
        <Popconfirm
          title="撤销这条核销？"
          description="金额回到该笔收款的未核销余额"
          okText="撤销"
          okButtonProps={{ danger: true }}
          onConfirm={() => undo.mutateAsync(id).then(() => void message.success('已撤销核销'))}
        >
          <Button type="link" size="small" danger data-testid={`allocation-undo-${id}`}>
            撤销核销
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}
