import type { ModelImportResult, ModelImportRow } from '@trackit/contract/model-sheet.schema';
import { Switch, Table, type TableColumnsType, Typography } from 'antd';
import { type HTMLAttributes, type TdHTMLAttributes, useId, useMemo, useState } from 'react';
import styles from './model-import-page.module.css';

const PAGE_SIZE = 50;

const hasErrors = (row: ModelImportRow) => Object.keys(row.errors).length > 0;

/** `共 10 行：8 行可导入，2 行有错误`. */
export const importSummary = ({ total, valid, invalid }: ModelImportResult) =>
  invalid > 0 ? `共 ${total} 行：${valid} 行可导入，${invalid} 行有错误` : `共 ${total} 行，全部可导入`;

/** One cell as read from the file; a bad one shows its message under it. */
function PreviewCell({ row, column }: { row: ModelImportRow; column: string }) {
  const error = row.errors[column];
  const value = row.values[column];
  if (!error) return <>{value}</>;
  return (
    <>
      <div className={value ? undefined : styles.emptyValue}>{value || '（空）'}</div>
      <div className={styles.cellError}>{error}</div>
    </>
  );
}

/**
 * The rows of a spreadsheet as the server read them, in its columns: a bad cell red with its message,
 * its row marked; the rows with errors alone on request.
 */
export function ModelImportPreview({ result }: { result: ModelImportResult }) {
  const [onlyErrors, setOnlyErrors] = useState(false);
  const switchId = useId();
  const rows = useMemo(
    () => (onlyErrors ? result.rows.filter(hasErrors) : result.rows),
    [onlyErrors, result.rows],
  );
  const columns = useMemo<TableColumnsType<ModelImportRow>>(
    () => [
      { title: '行号', dataIndex: 'row', width: 64, fixed: 'left' },
      ...result.columns.map((column) => ({
        title: column.header,
        key: column.key,
        render: (_: unknown, row: ModelImportRow) => <PreviewCell row={row} column={column.key} />,
        onCell: (row: ModelImportRow) =>
          ({
            className: row.errors[column.key] ? `${styles.cell} ${styles.badCell}` : styles.cell,
            'data-testid': row.errors[column.key] ? `import-error-${row.row}-${column.key}` : undefined,
          }) as TdHTMLAttributes<HTMLTableCellElement>,
      })),
    ],
    [result.columns],
  );
  return (
    <>
      <div className={styles.previewBar}>
        <Typography.Text strong data-testid="model-import-summary">
          {importSummary(result)}
        </Typography.Text>
        {result.invalid > 0 && (
          <span className={styles.errorsOnly}>
            <Switch id={switchId} size="small" checked={onlyErrors} onChange={setOnlyErrors} />
            <label htmlFor={switchId}>只看有错误的行</label>
          </span>
        )}
      </div>
      <Table<ModelImportRow>
        size="small"
        bordered
        rowKey="row"
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        pagination={rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
        rowClassName={(row) => (hasErrors(row) ? (styles.badRow ?? '') : '')}
        onRow={(row) =>
          ({
            'data-testid': `import-row-${row.row}`,
            'data-invalid': hasErrors(row),
          }) as HTMLAttributes<HTMLElement>
        }
        className={styles.preview}
        data-testid="model-import-table"
      />
    </>
  );
}
