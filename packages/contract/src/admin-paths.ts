/**
 * Addresses of records in the admin app, for links the server hands out (notifications, the operation
 * log). Full paths under /admin; the app turns them into router paths with `toAdminRoute`.
 */
import { BASE_PATHS } from './constants';

const base = BASE_PATHS.admin;

export const ADMIN_PATHS = {
  home: base,
  folder: (id: number | string) => `${base}/information/folder/${id}`,
  company: (id: number | string) => `${base}/information/company/${id}`,
  contact: (id: number | string) => `${base}/information/contacts/${id}`,
  model: (id: number | string) => `${base}/information/model/${id}`,
  /** The package list with the package's activity open (packages have no page of their own). */
  package: (id: number | string) => `${base}/information/packages?package=${id}`,
  order: (id: number | string) => `${base}/order/${id}`,
  /** The editor of a draft order. */
  orderEditor: (id: number | string) => `${base}/order/new/${id}`,
  /** The payee entity list with the entity's form open. */
  teamRecipient: (id: number | string) => `${base}/team_recipient?recipient=${id}`,
  readyToBill: `${base}/order/ready_to_bill`,
  readyToInvoice: `${base}/finance/ready_to_invoice`,
  /** 发票: the invoice register (issue 35; filters in the address: invoice-list.tsx). */
  invoices: `${base}/finance/invoices`,
  /** The register with the invoice open (an invoice may cover several orders, so it has no page of its own). */
  invoice: (id: number | string) => `${base}/finance/invoices?invoice=${id}`,
  /** The receipt list with the receipt open (收款). */
  receipt: (id: number | string) => `${base}/finance/receipts?receipt=${id}`,
  /** 费用: the billed orders' receivables (filters in the address: fees-page.tsx). */
  fees: `${base}/finance/fees`,
  /** 模特结算: the settlements and 待结算. */
  settlements: `${base}/finance/settlements`,
  /** A model's settlement (模特结算). */
  settlement: (id: number | string) => `${base}/finance/settlements/${id}`,
  /** 模特结算's 扣缴明细 tab on a month (`YYYY-MM`). */
  withholding: (month: string) => `${base}/finance/settlements?tab=withholding&month=${month}`,
  /** 审批设置: the team's approval settings (审批与复核). */
  approvalSettings: `${base}/finance/controls`,
  /** 财务详情 of an order. */
  financeOrder: (id: number | string) => `${base}/finance/${id}`,
  calendar: `${base}/calendar`,
  settings: `${base}/setting`,
  /** The organization's member list. */
  members: `${base}/organization/member`,
} as const;

/**
 * The router path of an admin address (`/admin/order/12` → `/order/12`; the router's basename is
 * /admin). Null when the address is empty or points outside the admin app.
 */
export const toAdminRoute = (link: string | null | undefined): string | null => {
  const trimmed = link?.trim();
  if (!trimmed) return null;
  if (trimmed === base) return '/';
  if (trimmed.startsWith(`${base}/`) || trimmed.startsWith(`${base}?`)) {
    const rest = trimmed.slice(base.length);
    return rest.startsWith('/') ? rest : `/${rest}`;
  }
  return null;
};
