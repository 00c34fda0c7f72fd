import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@trackit/contract/finance-enums';
import { Tag } from 'antd';

const STATUS_COLORS: Readonly<Record<InvoiceStatus, string>> = {
  requested: 'processing',
  issued: 'success',
  reversed: 'default',
};

/** An invoice's status as a tag: 待开具 (blue), 已开具 (green), 已红冲 (grey). */
export function InvoiceStatusTag({ status }: { status: InvoiceStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {INVOICE_STATUS_LABELS[status]}
    </Tag>
  );
}
