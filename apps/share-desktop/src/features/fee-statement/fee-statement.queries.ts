/** The calls of a shared fee statement (docs/product.md "Fee statements"): read it, and the client's answers. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callPublic, PublicCallError } from '@trackit/client/share/public-client';
import { API_BASE_PATH } from '@trackit/contract/constants';
import { fillPath } from '@trackit/contract/endpoint';
import { endpoints } from '@trackit/contract/endpoints';
import type {
  ConfirmRequest,
  InvoiceInfoRequestInput,
  PublicFeeStatement,
  QueryRequestInput,
} from '@trackit/contract/fee-statement.schema';
import { MESSAGES } from '@trackit/contract/messages';
import { App } from 'antd';

const feeStatementQuery = (shareId: string) =>
  queryOptions({
    queryKey: ['share-fee-statement', shareId] as const,
    queryFn: ({ signal }) =>
      callPublic(endpoints.feeStatementPublic.get, { params: { share_id: shareId } }, { signal }),
    // Figures are worked out when opened: fetched again on coming back to the tab, never on a timer.
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });

export const useFeeStatement = (shareId: string) => useQuery(feeStatementQuery(shareId));

/** The PDF's address (a plain download: the browser saves it with the server's file name). */
export const feeStatementPdfUrl = (shareId: string) =>
  `${API_BASE_PATH}${fillPath(endpoints.feeStatementPublic.pdf.path, { share_id: shareId })}`;

type Answer =
  | { kind: 'confirm'; body: ConfirmRequest }
  | { kind: 'query'; body: QueryRequestInput }
  | { kind: 'invoiceInfo'; body: InvoiceInfoRequestInput };

function send(shareId: string, answer: Answer): Promise<PublicFeeStatement> {
  const params = { share_id: shareId };
  switch (answer.kind) {
    case 'confirm':
      return callPublic(endpoints.feeStatementPublic.confirm, { params, body: answer.body });
    case 'query':
      return callPublic(endpoints.feeStatementPublic.query, { params, body: answer.body });
    case 'invoiceInfo':
      return callPublic(endpoints.feeStatementPublic.invoiceInfo, { params, body: answer.body });
  }
}

/** Sends one of the client's answers; the statement as it then reads replaces the one shown. */
export function useAnswerStatement(shareId: string) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const key = feeStatementQuery(shareId).queryKey;
  return useMutation({
    mutationFn: (answer: Answer) => send(shareId, answer),
    onSuccess: (statement) => queryClient.setQueryData(key, statement),
    onError: (error) => {
      message.error(error instanceof PublicCallError ? error.message : MESSAGES.systemError);
    },
  });
}
