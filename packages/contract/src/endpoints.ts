/**
 * The API: every endpoint, by domain. The server registers exactly these (a handler for each, checked
 * by the typecheck), the apps call through them, and /storm_api/openapi.json is generated from them.
 * A new domain adds its `<domain>.endpoints.ts` here.
 */
import { approvalEndpoints } from './approval.endpoints';
// Bank statement import (issue 35).
import { bankStatementEndpoints } from './bank-statement.endpoints';
import { calendarEndpoints } from './calendar.endpoints';
import { companyEndpoints } from './company.endpoints';
import { contactEndpoints } from './contact.endpoints';
import { countryEndpoints } from './country.endpoints';
import { dashboardEndpoints } from './dashboard.endpoints';
import { feeStatementEndpoints, feeStatementPublicEndpoints } from './fee-statement.endpoints';
import { financeEndpoints } from './finance.endpoints';
import { folderEndpoints } from './folder.endpoints';
import { invoiceEndpoints } from './invoice.endpoints';
import { modelEndpoints } from './model.endpoints';
import { notifyEndpoints } from './notify.endpoints';
import { operationLogEndpoints } from './operation-log.endpoints';
import { orderEndpoints } from './order.endpoints';
import { organizationEndpoints } from './organization.endpoints';
import { packageEndpoints } from './package.endpoints';
import { permissionEndpoints } from './permission.endpoints';
import { profileEndpoints } from './profile.endpoints';
// Receipts (issue 23, payments received).
import { receiptEndpoints } from './receipt.endpoints';
import { receivableEndpoints } from './receivable.endpoints';
import { sessionEndpoints } from './session.endpoints';
// Model settlements (issue 24, 模特结算).
import { settlementEndpoints } from './settlement.endpoints';
import { settlementPublicEndpoints, settlementShareEndpoints } from './settlement-share.endpoints';
import { shareEndpoints } from './share.endpoints';
import { systemEndpoints } from './system.endpoints';
import { teamEndpoints } from './team.endpoints';
import { teamRecipientEndpoints } from './team-recipient.endpoints';
import { uploadEndpoints } from './upload.endpoints';

export const endpoints = {
  system: systemEndpoints,
  country: countryEndpoints,
  session: sessionEndpoints,
  team: teamEndpoints,
  profile: profileEndpoints,
  permission: permissionEndpoints,
  notify: notifyEndpoints,
  operationLog: operationLogEndpoints,
  organization: organizationEndpoints,
  upload: uploadEndpoints,
  folder: folderEndpoints,
  company: companyEndpoints,
  contact: contactEndpoints,
  model: modelEndpoints,
  package: packageEndpoints,
  share: shareEndpoints,
  order: orderEndpoints,
  calendar: calendarEndpoints,
  dashboard: dashboardEndpoints,
  approval: approvalEndpoints,
  teamRecipient: teamRecipientEndpoints,
  invoice: invoiceEndpoints,
  finance: financeEndpoints,
  // Receipts (issue 23, payments received).
  receipt: receiptEndpoints,
  receivable: receivableEndpoints,
  // Bank statement import (issue 35).
  bankStatement: bankStatementEndpoints,
  // Fee statements (issue 23, 对账单): staff's and the client's.
  feeStatement: feeStatementEndpoints,
  feeStatementPublic: feeStatementPublicEndpoints,
  // Model settlements (issue 24, 模特结算).
  settlement: settlementEndpoints,
  // A settlement's PDF and its share to the model, the finance settings (issue 24).
  settlementShare: settlementShareEndpoints,
  settlementPublic: settlementPublicEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointGroupName = keyof Endpoints;
