import { waitingApprovalQuerySchema, waitingApprovalSchema } from './approval.schema';
import { endpoint, page, sessionAccess } from './endpoint';

export const approvalEndpoints = {
  /**
   * Every signed-in member may ask; each sees only the kinds they approve (APPROVAL_KINDS' key and
   * level), so a member who approves nothing gets an empty list.
   */
  waiting: endpoint({
    method: 'GET',
    path: '/v1/approvals',
    summary: '待我审批：本人可审批的、尚未处理的审批请求，最早的在前',
    access: sessionAccess,
    query: waitingApprovalQuerySchema,
    answer: page(waitingApprovalSchema),
  }),
} as const;
