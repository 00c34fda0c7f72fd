import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { MODEL_SHEET_LIMITS, MODEL_SHEET_MESSAGES } from '@trackit/contract/model-sheet.schema';
import { Alert, Button, Card, Result, Spin, Upload } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDownloadImportTemplate, useModelImport } from './model.queries';
import styles from './model-import-page.module.css';
import { importSummary, ModelImportPreview } from './model-import-preview';

const LIST_PATH = '/information/model';

/** What the browser can tell before sending: the suffix and the size. */
function fileProblem(file: File): string | undefined {
  if (!/\.xlsx$/i.test(file.name)) {
    return /\.xls$/i.test(file.name) ? MODEL_SHEET_MESSAGES.legacyXls : MODEL_SHEET_MESSAGES.notXlsx;
  }
  if (file.size > MODEL_SHEET_LIMITS.bytes) return MODEL_SHEET_MESSAGES.tooLarge;
  return undefined;
}

/**
 * /admin/information/model/import: download the template, choose a filled-in file, see every row with
 * its errors (nothing is written yet), import the valid rows in one go, then back to the list. The list
 * offers 导入 to editors only; the server refuses anyone below edit, with its message shown here.
 */
export function ModelImportPage() {
  const template = useDownloadImportTemplate();
  const preview = useModelImport();
  const commit = useModelImport();
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const navigate = useNavigate();

  const choose = (chosen: File) => {
    commit.reset();
    const found = fileProblem(chosen);
    setProblem(found);
    setFile(found ? undefined : chosen);
    if (found) preview.reset();
    else preview.mutate({ file: chosen, dryRun: true });
    // The file is sent by the preview, not by antd's own upload.
    return false;
  };
  const restart = () => {
    preview.reset();
    commit.reset();
    setFile(undefined);
    setProblem(undefined);
  };

  if (commit.data) {
    const { imported, invalid } = commit.data;
    return (
      <Card>
        <Result
          status="success"
          title={`已导入 ${imported} 位模特`}
          subTitle={invalid > 0 ? `另有 ${invalid} 行有错误，未导入；改正后可再次导入这些行。` : undefined}
          extra={[
            <Button
              key="list"
              type="primary"
              onClick={() => navigate(LIST_PATH)}
              data-testid="model-import-back"
            >
              返回模特列表
            </Button>,
            <Button key="again" onClick={restart}>
              继续导入
            </Button>,
          ]}
          data-testid="model-import-result"
        />
      </Card>
    );
  }

  const result = preview.data;
  // The client's errors carry the server's Chinese message (or 网络异常).
  const error = problem ?? preview.error?.message ?? commit.error?.message;
  return (
    <Card>
      <ol className={styles.steps}>
        <li>下载导入模板，在「模特」表中从第 2 行起每行填写一位模特（带下拉箭头的列请从选项中选择）。</li>
        <li>选择填好的文件：先逐行预览，有错误的单元格标红并写明原因，此时不会导入。</li>
        <li>确认后导入所有无误的行；有错误的行改正后可再次导入。</li>
      </ol>
      <div className={styles.actions}>
        <Button
          icon={<DownloadOutlined />}
          loading={template.isPending}
          onClick={() => template.mutate()}
          data-testid="model-import-template"
        >
          下载导入模板
        </Button>
        {file && (
          <Upload accept=".xlsx" showUploadList={false} beforeUpload={choose}>
            <Button data-testid="model-import-rechoose">重新选择文件</Button>
          </Upload>
        )}
      </div>
      {!file && (
        <div className={styles.dragger} data-testid="model-import-file">
          <Upload.Dragger accept=".xlsx" showUploadList={false} beforeUpload={choose}>
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖入填好的 Excel 文件（.xlsx）</p>
            <p className="ant-upload-hint">
              一次最多 {MODEL_SHEET_LIMITS.rows} 行，文件不超过 {MODEL_SHEET_LIMITS.bytes / 1024 / 1024} MB
            </p>
          </Upload.Dragger>
        </div>
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          message={error}
          className={styles.dragger}
          data-testid="model-import-error"
        />
      )}
      {preview.isPending && (
        <div className={styles.reading}>
          <Spin /> 正在读取文件…
        </div>
      )}
      {result && file && (
        <>
          <ModelImportPreview result={result} />
          <div className={styles.footer}>
            <Button onClick={restart}>取消</Button>
            <Button
              type="primary"
              disabled={result.valid === 0}
              loading={commit.isPending}
              onClick={() => commit.mutate({ file, dryRun: false })}
              title={result.valid === 0 ? importSummary(result) : undefined}
              data-testid="model-import-submit"
            >
              导入 {result.valid} 位模特
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
