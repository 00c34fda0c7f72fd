import { ArrowLeftOutlined, FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { Button, Card, Flex, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { RecordPage } from '../../components/record-page';
import { profileQuery } from '../session/session.queries';
import { useDownloadConfirmation } from './order.queries';
import { OrderConfirmationSheet } from './order-confirmation-sheet';
import styles from './order-confirmation-sheet.module.css';
import { ORDER_LIST_PATH, orderPath } from './order-labels';
import { useRouteOrder } from './order-route';

/**
 * 导出订单 (/admin/order/export/{id}): the booking confirmation the client reads and signs, as an A4 page
 * on screen; 打印 prints the sheet alone (no shell, no buttons), 下载 PDF saves the server's PDF of the
 * same content. A cancelled order has none: the page says so (`order.can.export`).
 */
export function OrderExportPage() {
  const { query, missing } = useRouteOrder();
  const profile = useQuery(profileQuery);
  const download = useDownloadConfirmation();
  const navigate = useNavigate();
  return (
    <RecordPage
      query={query}
      missing={missing}
      missingMessage="该订单可能不存在，或不属于当前团队"
      back={{ label: '返回订单列表', to: ORDER_LIST_PATH }}
      testId="order-missing"
      skeletonRows={14}
    >
      {(order) =>
        // A cancelled order has no confirmation (the server refuses its PDF with the same words).
        !order.can.export ? (
          <div data-testid="order-export-refused">
            <Result
              status="info"
              title={ORDER_MESSAGES.confirmationOfCancelled}
              extra={
                <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(orderPath(order.id))}>
                  返回订单
                </Button>
              }
            />
          </div>
        ) : (
          <Flex vertical gap={16}>
            <Card size="small">
              <Flex justify="space-between" align="center" gap={12} wrap>
                <Flex align="center" gap={12}>
                  <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(orderPath(order.id))}>
                    返回订单
                  </Button>
                  <Typography.Text type="secondary">
                    {order.fees_visible
                      ? 'A4 纸张，打印或下载后发给客户确认签字'
                      : '你不能查看该订单的费用，确认单中不含金额'}
                  </Typography.Text>
                </Flex>
                <Flex gap={8}>
                  <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="order-print">
                    打印
                  </Button>
                  <Button
                    type="primary"
                    icon={<FilePdfOutlined />}
                    loading={download.isPending}
                    onClick={() => download.mutate(order)}
                    data-testid="order-download-pdf"
                  >
                    下载 PDF
                  </Button>
                </Flex>
              </Flex>
            </Card>
            <div className={styles.desk}>
              <OrderConfirmationSheet order={order} teamName={profile.data?.team_name ?? ''} />
            </div>
          </Flex>
        )
      }
    </RecordPage>
  );
}
