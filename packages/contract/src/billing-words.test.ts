import { describe, expect, it } from 'vitest';
import { describeOperation } from './operation-log.schema';
import { orderEndpoints } from './order.endpoints';
import { BILLING_WORDS, ORDER_STATUS_LABELS } from './order-constants';
import { ORDER_MESSAGES } from './order-messages';
import { PERMISSION_MENU_BY_KEY } from './permissions';

/** 结算 belongs to what the agency pays its models (结算单); the billing step never says it. */
const SETTLEMENT = /结算/;

describe('the billing step’s words (docs/product.md "Billing words")', () => {
  it('names finance’s list as the menu does, and the status billed as the glossary does', () => {
    const finance = PERMISSION_MENU_BY_KEY.accounting.children.find((c) => c.path === 'ready_to_invoice');
    expect(BILLING_WORDS.financeList).toBe(finance?.label);
    expect(ORDER_STATUS_LABELS.billed).toBe(BILLING_WORDS.done);
  });

  it('says the step in the log, the refusals and the API description with the same words', () => {
    const logged = describeOperation({
      action: 'order_bill',
      targetId: '3',
      detail: { name: 'HF20261124001「春季大片」' },
    });
    expect(logged.label).toBe('订单出账');
    expect(logged.sentence).toBe('将订单 HF20261124001「春季大片」 出账，进入财务待开票');
    const texts = [
      logged.label,
      logged.sentence,
      ORDER_MESSAGES.alreadyBilled,
      ORDER_MESSAGES.notBillable,
      ORDER_MESSAGES.notCompleted,
      orderEndpoints.bill.summary,
      orderEndpoints.cancel.summary,
      BILLING_WORDS.handOver,
    ];
    for (const text of texts) {
      expect(text).toContain(BILLING_WORDS.step);
      expect(text).not.toMatch(SETTLEMENT);
    }
    expect(BILLING_WORDS.handOver).toContain(BILLING_WORDS.financeList);
  });
});
