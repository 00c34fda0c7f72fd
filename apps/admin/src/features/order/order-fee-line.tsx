/**
 * One fee line of the order editor: 费用 (an amount per unit × quantity) or 肖像授权 (a lump sum with
 * its terms), its rules (the server's, checked as the member types) and its live figures.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { businessDate } from '@trackit/contract/business-time';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { FEE_KIND_LABELS, FEE_KINDS, RENEWAL_OPTION_LABELS, RENEWAL_OPTIONS } from '@trackit/contract/enums';
import { isFenAmount, isValidQuantity, lineExceedsLimit, MAX_FEE_QUANTITY } from '@trackit/contract/money';
import { toOptions } from '@trackit/contract/options';
import { modelFeeInputSchema, usageFeeInputSchema } from '@trackit/contract/order.schema';
import { FEE_UNIT_LABELS, FEE_UNITS } from '@trackit/contract/order-constants';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { Button, DatePicker, Form, type FormRule, Input, InputNumber, Select, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MoneyCell } from '../../components/money/money-cell';
import { MoneyInput } from '../../components/money/money-input';
import { TaxRateSelect } from '../../components/money/tax-rate-select';
import { optionalRule } from '../../components/optional-rule';
import { schemaRule } from '../../components/schema-rule';
import { textCount } from '../../components/text-count';
import styles from './order-editor.module.css';
import { type FeeDraft, feeFigures, feeLineTotals, usageFeeDraft } from './order-editor-values';

const KIND_OPTIONS = toOptions(FEE_KINDS, FEE_KIND_LABELS);
const UNIT_OPTIONS = toOptions(FEE_UNITS, FEE_UNIT_LABELS);
const RENEWAL_SELECT_OPTIONS = toOptions(RENEWAL_OPTIONS, RENEWAL_OPTION_LABELS);

const dateProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(DATE_FORMATS.date) : null),
};

/**
 * An amount (fen, held by MoneyInput): required, one the server takes (whole fen, up to MAX_FEE_FEN), and
 * keeping its line within MAX_LINE_FEN with its quantity and tax (the line at `path`).
 */
const amountRule =
  (path: (string | number)[]): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: number | null | undefined) => {
      if (value === null || value === undefined) throw new Error('*请填写金额');
      if (!isFenAmount(value)) throw new Error(ORDER_MESSAGES.amountInvalid);
      const figures = feeFigures(getFieldValue(path) as FeeDraft | undefined);
      if (figures && lineExceedsLimit(figures)) throw new Error(ORDER_MESSAGES.lineTooLarge);
    },
  });

const quantityRule: FormRule = {
  validator: async (_rule, value: number | null | undefined) => {
    if (value === null || value === undefined) throw new Error('*请填写数量');
    if (!isValidQuantity(value)) {
      const result = modelFeeInputSchema.shape.quantity.safeParse(value);
      throw new Error(
        result.success ? ORDER_MESSAGES.quantityDecimals : (result.error.issues[0]?.message ?? ''),
      );
    }
  },
};

const requiredDate: FormRule = { required: true, message: '*请选择日期' };

const usageEndRule =
  (path: (string | number)[]): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: string | null) => {
      const start = getFieldValue([...path, 'start_date']) as string | null;
      if (value && start && value < start) throw new Error(ORDER_MESSAGES.usageEndBeforeStart);
    },
  });

/** `小计 ¥1,500.00 · 税 ¥90.00 · ¥1,590.00`, or dashes while the line is incomplete. */
function LineFigures({ fee }: { fee: FeeDraft | undefined }) {
  const figures = feeLineTotals(fee);
  return (
    <div className={styles.lineFigures} data-testid="fee-line-figures">
      <span>
        小计 <MoneyCell fen={figures?.subtotal} /> · 税 <MoneyCell fen={figures?.tax} />
      </span>
      <strong data-testid="fee-line-total">
        <MoneyCell fen={figures?.total} />
      </strong>
    </div>
  );
}

export interface FeeLineProps {
  /** The line's place in the form: ['models', m, 'fees', f]. */
  path: (string | number)[];
  /** Its name inside the fees list. */
  name: number;
  fee: FeeDraft | undefined;
  firstDate: string | null;
  onRemove: () => void;
}

/** One fee line: 费用 (amount per unit × quantity) or 肖像授权 (a lump sum with its terms), and its figures. */
export function FeeLineRow({ path, name, fee, firstDate, onRemove }: FeeLineProps) {
  // Untyped: the line's fields are named by a path built at run time.
  const form = Form.useFormInstance();
  const usage = fee?.kind === 'UsageFee';
  const handleKind = (kind: FeeDraft['kind']) => {
    // A licence needs its period: a line switched to 肖像授权 gets the usual one if it has none.
    if (kind !== 'UsageFee' || fee?.start_date) return;
    const defaults = usageFeeDraft(firstDate, businessDate(new Date()));
    form.setFieldValue([...path, 'start_date'], defaults.start_date);
    form.setFieldValue([...path, 'end_date'], defaults.end_date);
  };
  return (
    <div className={styles.feeLine} data-testid={`fee-line-${path.join('-')}`}>
      <div className={styles.feeFields}>
        <Form.Item name={[name, 'kind']} label="类型" className={styles.feeItem}>
          <Select options={KIND_OPTIONS} style={{ width: 108 }} onChange={handleKind} aria-label="费用类型" />
        </Form.Item>
        <Form.Item
          name={[name, 'amount']}
          label={usage ? '授权费（元）' : '单价（元）'}
          rules={[amountRule(path)]}
          dependencies={[
            [...path, 'kind'],
            [...path, 'quantity'],
            [...path, 'tax_rate'],
          ]}
          className={styles.feeItem}
        >
          <MoneyInput style={{ width: 136 }} aria-label="金额" />
        </Form.Item>
        {usage ? (
          <>
            <Form.Item
              name={[name, 'media']}
              label="授权媒介"
              rules={[schemaRule(usageFeeInputSchema.shape.media)]}
              className={styles.feeItem}
            >
              <Input placeholder="如：电商、户外广告" count={textCount(100, false)} style={{ width: 170 }} />
            </Form.Item>
            <Form.Item
              name={[name, 'territory']}
              label="授权地区"
              rules={[schemaRule(usageFeeInputSchema.shape.territory)]}
              className={styles.feeItem}
            >
              <Input placeholder="如：中国大陆" count={textCount(50, false)} style={{ width: 120 }} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item
              name={[name, 'quantity']}
              label="数量"
              rules={[quantityRule]}
              className={styles.feeItem}
            >
              <InputNumber
                min={0.01}
                max={MAX_FEE_QUANTITY}
                step={1}
                style={{ width: 96 }}
                aria-label="数量"
              />
            </Form.Item>
            <Form.Item name={[name, 'unit']} label="单位" className={styles.feeItem}>
              <Select options={UNIT_OPTIONS} style={{ width: 78 }} aria-label="单位" />
            </Form.Item>
          </>
        )}
        <Form.Item name={[name, 'tax_rate']} label="税率" className={styles.feeItem}>
          <TaxRateSelect aria-label="税率" />
        </Form.Item>
        {!usage && (
          <Form.Item
            name={[name, 'note']}
            label="备注"
            rules={[optionalRule(modelFeeInputSchema.shape.note)]}
            className={`${styles.feeItem} ${styles.grow}`}
          >
            <Input placeholder="如：含妆发" count={textCount(100, false)} />
          </Form.Item>
        )}
      </div>
      {usage && (
        <div className={styles.feeFields}>
          <Form.Item
            name={[name, 'start_date']}
            label="授权开始"
            rules={[requiredDate]}
            className={styles.feeItem}
            {...dateProps}
          >
            <DatePicker allowClear={false} style={{ width: 136 }} />
          </Form.Item>
          <Form.Item
            name={[name, 'end_date']}
            label="授权结束"
            rules={[requiredDate, usageEndRule(path)]}
            dependencies={[[...path, 'start_date']]}
            className={styles.feeItem}
            {...dateProps}
          >
            <DatePicker allowClear={false} style={{ width: 136 }} />
          </Form.Item>
          <Form.Item name={[name, 'renewal']} label="到期续约" className={styles.feeItem}>
            <Select options={RENEWAL_SELECT_OPTIONS} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item
            name={[name, 'note']}
            label="备注"
            rules={[optionalRule(usageFeeInputSchema.shape.note)]}
            className={`${styles.feeItem} ${styles.grow}`}
          >
            <Input count={textCount(100, false)} />
          </Form.Item>
        </div>
      )}
      <div className={styles.feeSide}>
        <LineFigures fee={fee} />
        <Tooltip title="删除该费用">
          <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label="删除该费用" />
        </Tooltip>
      </div>
    </div>
  );
}
