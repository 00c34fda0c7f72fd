import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { addMonths, businessMonth } from '@trackit/contract/business-time';
import { monthSchema } from '@trackit/contract/envelope';
import { monthInChinese, type WithholdingRow, withholdingDueDate } from '@trackit/contract/settlement.schema';
import { INCOME_CATEGORY_LABELS } from '@trackit/contract/settlement-enums';
import { ID_TYPE_LABELS, TAX_RESIDENCY_LABELS } from '@trackit/contract/tax-identity';
import { Button, DatePicker, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import type { HTMLAttributes } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MoneyCell } from '../../components/money/money-cell';
import { QueryState } from '../../components/query-state';
import { useExportWithholding, withholdingQuery } from './settlement.queries';
import { IncomeCategoryTag } from './settlement-labels';

const settlementsRoute = toAdminRoute(ADMIN_PATHS.settlements) ?? '/';
const modelRoute = (id: number) => toAdminRoute(ADMIN_PATHS.model(id)) ?? '/';

/**
 * The month shown: the address's `month` when it is a month not after this one, else last month (the
 * month whose filing is due by the 15th of this one).
 */
export function withholdingMonth(asked: string | null, thisMonth: string): string {
  if (asked !== null && monthSchema.safeParse(asked).success && asked <= thisMonth) return asked;
  return addMonths(`${thisMonth}-01`, -1).slice(0, 7);
}

/** A row of the list: a model's income of one item, by one residency. */
const rowKey = (row: WithholdingRow) => `${row.model.id}-${row.income_category}-${row.tax_residency}`;

const COLUMNS: ColumnType<WithholdingRow>[] = [
  {
    title: '模特',
    key: 'model',
    width: 100,
    fixed: 'left',
    render: (_: unknown, row) => <Link to={modelRoute(row.model.id)}>{row.model.name}</Link>,
  },
  {
    title: '证件',
    key: 'id_number',
    width: 170,
    render: (_: unknown, row) =>
      row.id_type && row.id_number ? (
        <>
          {row.id_number}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {ID_TYPE_LABELS[row.id_type]}
          </Typography.Text>
        </>
      ) : (
        <Typography.Text type="warning">未填写证件</Typography.Text>
      ),
  },
  {
    title: '纳税身份',
    dataIndex: 'tax_residency',
    width: 96,
    render: (residency: WithholdingRow['tax_residency']) =>
      residency === 'non_resident' ? (
        <Tag color="orange">{TAX_RESIDENCY_LABELS[residency]}</Tag>
      ) : (
        TAX_RESIDENCY_LABELS[residency]
      ),
  },
  {
    title: '所得项目',
    key: 'income_category',
    width: 120,
    render: (_: unknown, row) => (
      <>
        <IncomeCategoryTag category={row.income_category} testId={`withholding-category-${rowKey(row)}`} />
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {row.payments} 次
        </Typography.Text>
      </>
    ),
  },
  {
    title: '收入额',
    dataIndex: 'income',
    align: 'right',
    width: 116,
    render: (fen: number) => <MoneyCell fen={fen} />,
  },
  {
    title: '应纳税所得额',
    dataIndex: 'taxable',
    align: 'right',
    width: 116,
    render: (fen: number) => <MoneyCell fen={fen} />,
  },
  {
    title: '已扣缴税额',
    dataIndex: 'tax',
    align: 'right',
    width: 116,
    render: (fen: number) => <MoneyCell fen={fen} />,
  },
  {
    title: '结算单',
    key: 'settlements',
    render: (_: unknown, row) => (
      <Flex gap={8} wrap>
        {row.settlements.map((number) => (
          <Link key={number} to={`${settlementsRoute}?keyword=${number}`}>
            {number}
          </Link>
        ))}
      </Flex>
    ),
  },
];

/**
 * 扣缴明细 (`?tab=withholding&month=YYYY-MM`, docs/product.md "Model settlements"): every model paid as
 * an individual by a settlement paid in the month, a row per income item and residency, with the document,
 * the payments (次), the income, taxable income and tax withheld, the API's totals and each item's, for
 * the filing due by the 15th of the next month; 导出 Excel downloads the tax client's import file. The
 * month defaults to last month; no month after this one.
 */
export function WithholdingTab() {
  const [params, setParams] = useSearchParams();
  const thisMonth = businessMonth(new Date());
  const month = withholdingMonth(params.get('month'), thisMonth);
  const withholding = useQuery(withholdingQuery(month));
  const exporting = useExportWithholding();

  const pickMonth = (picked: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('month', picked);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Flex align="center" gap={12} wrap>
          <DatePicker
            picker="month"
            value={dayjs(`${month}-01`)}
            allowClear={false}
            disabledDate={(value) => value.format('YYYY-MM') > thisMonth}
            onChange={(value) => {
              if (value) pickMonth(value.format('YYYY-MM'));
            }}
            aria-label="扣缴月份"
            style={{ width: 130 }}
            data-testid="withholding-month"
          />
          <Typography.Text type="secondary" data-testid="withholding-due">
            次月15日前申报：{monthInChinese(month)}代扣的个税请于 {withholdingDueDate(month)} 前完成扣缴申报
          </Typography.Text>
        </Flex>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate(month)}
          data-testid="withholding-export"
        >
          导出 Excel
        </Button>
      </Flex>
      <QueryState
        query={withholding}
        empty={{
          when: (answer) => answer.rows.length === 0,
          text: `${monthInChinese(month)}没有付款给个人模特的结算单`,
          testId: 'withholding-empty',
        }}
      >
        {(answer) => (
          <Table<WithholdingRow>
            size="middle"
            rowKey={rowKey}
            columns={COLUMNS}
            dataSource={answer.rows}
            pagination={false}
            scroll={{ x: 970 }}
            onRow={(row) =>
              ({ 'data-testid': `withholding-row-${rowKey(row)}` }) as HTMLAttributes<HTMLElement>
            }
            data-testid="withholding-table"
            summary={() => (
              <>
                {answer.by_category.length > 1 &&
                  answer.by_category.map((item) => (
                    <Table.Summary.Row
                      key={item.income_category}
                      data-testid={`withholding-subtotal-${item.income_category}`}
                    >
                      <Table.Summary.Cell index={0} colSpan={4}>
                        <Typography.Text type="secondary">
                          其中{INCOME_CATEGORY_LABELS[item.income_category]}
                        </Typography.Text>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={4} align="right">
                        <MoneyCell fen={item.income} />
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={5} align="right">
                        <MoneyCell fen={item.taxable} />
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={6} align="right">
                        <MoneyCell fen={item.tax} />
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={7} />
                    </Table.Summary.Row>
                  ))}
                <Table.Summary.Row data-testid="withholding-totals">
                  <Table.Summary.Cell index={0} colSpan={4}>
                    <Typography.Text strong>
                      合计（{new Set(answer.rows.map((row) => row.model.id)).size} 人）
                    </Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    <MoneyCell fen={answer.totals.income} testId="withholding-total-income" />
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    <MoneyCell fen={answer.totals.taxable} testId="withholding-total-taxable" />
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6} align="right">
                    <MoneyCell fen={answer.totals.tax} testId="withholding-total-tax" />
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={7} />
                </Table.Summary.Row>
              </>
            )}
          />
        )}
      </QueryState>
    </>
  );
}
